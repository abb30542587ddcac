import { useVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState } from 'react'

/** Within this many px of the bottom the list counts as following the newest message. */
const PINNED_SLACK = 24
const OVERSCAN = 6

interface ChatScrollOptions<T extends { id: string | number }> {
  items: T[]
  estimateSize: (item: T, index: number) => number
  /** Space above the first and below the last row, in px. */
  paddingStart: number
  paddingEnd: number
  hasMore?: boolean
  isLoading?: boolean
  onLoadOlder?: () => void
  /** How close to the top, in px, older items are asked for. */
  threshold: number
}

/**
 * Windowed chat scrolling: only the rows in view (plus a few) are in the DOM, each measured as drawn. The rows
 * take `virtualizer.measureElement` as their ref and are placed by the virtualiser (absolute, no `top` of their
 * own); their container takes `virtualizer.containerRef` and gets its height from it.
 * The list opens at the newest row and follows new rows while the reader is at the bottom; rows added
 * above keep the row in view where it was; older rows are asked for near the top, once a page.
 */
export function useChatScroll<T extends { id: string | number }>(options: ChatScrollOptions<T>) {
  const { items, threshold } = options
  const scrollRef = useRef<HTMLDivElement>(null)
  const [farFromEnd, setFarFromEnd] = useState(false)
  const asked = useRef<string | number | undefined>(undefined)
  const latest = useRef(options)
  latest.current = options

  // Stable callbacks: the virtualiser recomputes every row's position when they change.
  const [callbacks] = useState(() => ({
    getScrollElement: () => scrollRef.current,
    estimateSize: (index: number) => latest.current.estimateSize(latest.current.items[index], index),
    getItemKey: (index: number) => latest.current.items[index].id,
  }))
  const virtualizer = useVirtualizer({
    count: items.length,
    ...callbacks,
    paddingStart: options.paddingStart,
    paddingEnd: options.paddingEnd,
    overscan: OVERSCAN,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: PINNED_SLACK,
    // Scrolling and measuring move the drawn rows in place (their `top` and the list's height); React draws
    // only when rows enter or leave the view.
    directDomUpdates: true,
    directDomUpdatesMode: 'position',
  })

  const firstId = items[0]?.id
  const lastId = items[items.length - 1]?.id
  const check = () => {
    const el = scrollRef.current
    const { hasMore, isLoading, onLoadOlder } = latest.current
    if (!el || !hasMore || isLoading || el.scrollTop > threshold) return
    if (asked.current === firstId && firstId !== undefined) return
    asked.current = firstId
    onLoadOlder?.()
  }

  // Open at the newest row; another conversation (neither end kept) opens at its newest row too.
  const ends = useRef<{ first?: string | number; last?: string | number }>({})
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the ends of the list change.
  useLayoutEffect(() => {
    const prev = ends.current
    ends.current = { first: firstId, last: lastId }
    const kept = prev.first !== undefined && items.some((item) => item.id === prev.first || item.id === prev.last)
    if (!kept) virtualizer.scrollToEnd()
  }, [firstId, lastId])

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked when the list or its state changes.
  useLayoutEffect(check, [firstId, options.hasMore, options.isLoading])

  const onScroll = () => {
    const el = scrollRef.current
    if (el) setFarFromEnd(el.scrollHeight - el.scrollTop - el.clientHeight > el.clientHeight / 2)
    check()
  }
  const jumpToEnd = () => {
    virtualizer.scrollToEnd()
    setFarFromEnd(false)
  }
  return { scrollRef, virtualizer, onScroll, farFromEnd, jumpToEnd }
}
