import { useLayoutEffect, useRef } from 'react'

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
 * Keeps a chat scrolled the way a reader expects: at the bottom on open and when a message arrives; in
 * place when older messages are added above; and asks for older ones near the top, once a page.
 */
export function useScrollAnchor({ firstId, lastId, hasMore, isLoading, onLoadOlder, threshold }: ScrollAnchorOptions) {
  const ref = useRef<HTMLDivElement>(null)
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
    if (lastId !== prev.lastId || prev.scrollHeight === 0) el.scrollTop = el.scrollHeight
    else if (firstId !== prev.firstId) el.scrollTop += el.scrollHeight - prev.scrollHeight
    previous.current = { firstId, lastId, scrollHeight: el.scrollHeight }
    check()
  }, [firstId, lastId, hasMore, isLoading])

  const onScroll = () => {
    if (ref.current) previous.current.scrollHeight = ref.current.scrollHeight
    check()
  }
  return { ref, onScroll }
}
