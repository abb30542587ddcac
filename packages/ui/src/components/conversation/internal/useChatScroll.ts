import { useVirtualizer } from '@tanstack/react-virtual'
import { useCallback, useLayoutEffect, useRef, useState } from 'react'
import { PINNED_SLACK, useFollowLatest } from './useFollowLatest'

const OVERSCAN = 6

interface ChatScrollOptions<T extends { id: string | number }> {
  items: T[]
  estimateSize: (item: T, index: number) => number
  /** The agent's own items: adding one always brings the list to the bottom. */
  isOwn: (item: T) => boolean
  /** The row the list opens at (its top at the top of the view) instead of the newest row. */
  openAt?: number
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
 * own); their container takes `contentRef` and gets its height from the virtualiser.
 * The list opens at the newest row (or at `openAt`) and follows new rows while the reader is at the bottom
 * (see `useFollowLatest`); rows added while they read older ones are counted in `unseen`; rows added above
 * keep the row in view where it was; older rows are asked for near the top, once a page.
 */
export function useChatScroll<T extends { id: string | number }>(options: ChatScrollOptions<T>) {
  const { items, threshold } = options
  const scrollRef = useRef<HTMLDivElement>(null)
  const asked = useRef<string | number | undefined>(undefined)
  const latest = useRef(options)
  latest.current = options
  const followLatest = useFollowLatest(scrollRef)

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

  // Open at the newest row, or at `openAt`; another conversation (neither end kept) opens the same way.
  // Rows added after the newest one are followed, or counted while the reader is up the list.
  const ends = useRef<{ first?: string | number; last?: string | number }>({})
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the ends of the list change.
  useLayoutEffect(() => {
    const prev = ends.current
    ends.current = { first: firstId, last: lastId }
    if (lastId === undefined) return
    const previousLast = prev.last === undefined ? -1 : items.findIndex((item) => item.id === prev.last)
    const kept = prev.first !== undefined && (previousLast >= 0 || items.some((item) => item.id === prev.first))
    if (!kept) {
      const { openAt } = latest.current
      if (openAt !== undefined) {
        followLatest.holdAtDivider()
        virtualizer.scrollToIndex(openAt, { align: 'start' })
      } else {
        followLatest.follow()
        virtualizer.scrollToEnd()
      }
      return
    }
    if (previousLast < 0 || lastId === prev.last) return
    const added = items.slice(previousLast + 1)
    if (followLatest.onAppend(added.length, added.some(latest.current.isOwn))) virtualizer.scrollToEnd()
  }, [firstId, lastId])

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked when the list or its state changes.
  useLayoutEffect(check, [firstId, options.hasMore, options.isLoading])

  const onScroll = () => {
    followLatest.onScroll()
    check()
  }
  const jumpToEnd = () => {
    followLatest.follow()
    followLatest.resetFarFromEnd()
    virtualizer.scrollToEnd()
  }
  // The container of the rows: sized by the virtualiser, watched for growth by the follower.
  const { containerRef } = virtualizer
  const watch = followLatest.contentRef
  const contentRef = useCallback(
    (node: HTMLDivElement | null) => {
      containerRef(node)
      watch(node)
    },
    [containerRef, watch],
  )
  return {
    scrollRef,
    contentRef,
    virtualizer,
    onScroll,
    onUserScroll: followLatest.release,
    farFromEnd: followLatest.farFromEnd,
    unseen: followLatest.unseen,
    jumpToEnd,
  }
}
