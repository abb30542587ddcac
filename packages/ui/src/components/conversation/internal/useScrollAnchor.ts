import { useEffect, useLayoutEffect, useRef } from 'react'

/** Within this many px of the bottom the list counts as following the newest message. */
const PINNED_SLACK = 24

interface ScrollAnchorOptions {
  firstId: string | number | undefined
  lastId: string | number | undefined
  hasMore?: boolean
  isLoading?: boolean
  onLoadOlder?: () => void
  /** How close to the top, in px, older messages are asked for. */
  threshold: number
}

/**
 * Keeps a chat scrolled the way a reader expects: at the bottom on open, when a message arrives and while
 * media above loads (if the reader was at the bottom); in place when older messages are added above; and
 * asks for older ones near the top, once a page. Attach `ref` to the scroller and `contentRef` to its content.
 */
export function useScrollAnchor({ firstId, lastId, hasMore, isLoading, onLoadOlder, threshold }: ScrollAnchorOptions) {
  const ref = useRef<HTMLDivElement>(null)
  const contentRef = useRef<HTMLDivElement>(null)
  const pinned = useRef(true)
  const lastTop = useRef(0)
  const previous = useRef({ firstId, lastId, scrollHeight: 0 })
  const asked = useRef<string | number | undefined>(undefined)
  const state = useRef({ hasMore, isLoading, onLoadOlder })
  state.current = { hasMore, isLoading, onLoadOlder }

  const check = () => {
    const el = ref.current
    const { hasMore, isLoading, onLoadOlder } = state.current
    if (!el || !hasMore || isLoading || el.scrollTop > threshold) return
    if (asked.current === firstId && firstId !== undefined) return
    asked.current = firstId
    onLoadOlder?.()
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the ends of the list or its state change.
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const prev = previous.current
    if (lastId !== prev.lastId || prev.scrollHeight === 0) {
      el.scrollTop = el.scrollHeight
      pinned.current = true
    } else if (firstId !== prev.firstId) el.scrollTop += el.scrollHeight - prev.scrollHeight
    previous.current = { firstId, lastId, scrollHeight: el.scrollHeight }
    check()
  }, [firstId, lastId, hasMore, isLoading])

  // Images and other media change the height after they load: stay at the bottom if the reader was there.
  useEffect(() => {
    const el = ref.current
    const content = contentRef.current
    if (!el || !content || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (pinned.current) el.scrollTop = el.scrollHeight
      previous.current.scrollHeight = el.scrollHeight
    })
    observer.observe(content)
    return () => observer.disconnect()
  }, [])

  const onScroll = () => {
    const el = ref.current
    if (el) {
      previous.current.scrollHeight = el.scrollHeight
      // Only the reader's own scrolling unpins: content growing under a programmatic scroll does not.
      const atBottom = el.scrollHeight - el.scrollTop - el.clientHeight <= PINNED_SLACK
      if (el.scrollTop < lastTop.current - 1) pinned.current = atBottom
      else if (atBottom) pinned.current = true
      lastTop.current = el.scrollTop
    }
    check()
  }
  return { ref, contentRef, onScroll }
}
