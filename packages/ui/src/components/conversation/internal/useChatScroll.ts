import { useVirtualizer } from '@tanstack/react-virtual'
import { useLayoutEffect, useRef, useState } from 'react'
import { useFollowLatest } from './useFollowLatest'

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
 * take `virtualizer.measureElement` as their ref and their `start` as their `top`; their container takes
 * `contentRef` and `virtualizer.getTotalSize()` as its height.
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
  // Every scroll the list makes itself goes through here: the virtualiser hears of a scroll a frame later, and a
  // row measured in between would otherwise be judged against the old offset (and move the list back there).
  const scrollTo = useRef((top: number) => {
    const el = scrollRef.current
    if (el) el.scrollTop = top
  })
  const backToDivider = useRef(() => {})
  const followLatest = useFollowLatest(scrollRef, scrollTo, backToDivider)

  // A row's first estimate is kept: the virtualiser stores a measurement only when it differs from the
  // estimate, so an estimate that changed later (the row's neighbours changed) would replace a true size.
  const estimates = useRef(new Map<string | number, number>())
  // Stable callbacks: the virtualiser recomputes every row's position when they change.
  const [callbacks] = useState(() => ({
    getScrollElement: () => scrollRef.current,
    estimateSize: (index: number) => {
      const item = latest.current.items[index]
      let size = estimates.current.get(item.id)
      if (size === undefined) {
        size = latest.current.estimateSize(item, index)
        estimates.current.set(item.id, size)
      }
      return size
    },
    getItemKey: (index: number) => latest.current.items[index].id,
  }))
  const virtualizer = useVirtualizer({
    count: items.length,
    ...callbacks,
    paddingStart: options.paddingStart,
    paddingEnd: options.paddingEnd,
    overscan: OVERSCAN,
  })
  scrollTo.current = (top) => {
    const el = scrollRef.current
    if (!el) return
    el.scrollTop = top
    virtualizer.scrollOffset = el.scrollTop
  }
  backToDivider.current = () => {
    const { openAt } = latest.current
    if (openAt === undefined) return
    virtualizer.getTotalSize() // brings the rows' positions up to date with what was measured
    const offset = virtualizer.getOffsetForIndex(openAt, 'start')?.[0]
    if (offset !== undefined) scrollTo.current(offset)
  }
  const firstId = items[0]?.id
  const lastId = items[items.length - 1]?.id
  const ends = useRef<{ first?: string | number; last?: string | number }>({})
  // The first row in view and how far its top is below the top of the view, kept on every scroll: when older
  // rows are added above, the list puts that row back where it was.
  const anchor = useRef<{ key: string | number; below: number } | undefined>(undefined)
  const keepAnchor = () => {
    const el = scrollRef.current
    if (!el) return
    const row = virtualizer.getVirtualItems().find((item) => item.end > el.scrollTop)
    anchor.current = row && { key: row.key as string | number, below: row.start - el.scrollTop }
  }
  /** Where the anchor row now starts, in px: the rows measured so far count, estimates for the others. */
  const anchorOffset = () => {
    if (!anchor.current) return undefined
    const { key, below } = anchor.current
    const index = items.findIndex((item) => item.id === key)
    virtualizer.getTotalSize() // brings the rows' positions up to date with what was measured
    const row = index >= 0 ? virtualizer.measurementsCache[index] : undefined
    return row && row.start - below
  }
  // Older rows added above (the first row changed, the one before is still there): the virtualiser draws the
  // rows around the anchor at once, so the rows in view stay the same elements.
  const prepended =
    ends.current.first !== undefined &&
    firstId !== ends.current.first &&
    items.some((item, index) => index > 0 && item.id === ends.current.first)
  if (prepended) {
    const offset = anchorOffset()
    if (offset !== undefined) virtualizer.scrollOffset = offset
  }
  const scrollToEnd = () => scrollTo.current(scrollRef.current?.scrollHeight ?? 0)

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
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the ends of the list change.
  useLayoutEffect(() => {
    const prev = ends.current
    ends.current = { first: firstId, last: lastId }
    if (lastId === undefined) return
    const previousLast = prev.last === undefined ? -1 : items.findIndex((item) => item.id === prev.last)
    const kept = prev.first !== undefined && (previousLast >= 0 || items.some((item) => item.id === prev.first))
    if (prepended) {
      // The view goes to the anchor too (before the page is drawn; the virtualiser hears the scroll then).
      const offset = anchorOffset()
      if (offset !== undefined) scrollTo.current(offset)
    }
    if (!kept) {
      const { openAt } = latest.current
      if (openAt !== undefined) {
        followLatest.holdAtDivider()
        virtualizer.scrollToIndex(openAt, { align: 'start' })
      } else {
        followLatest.follow()
        scrollToEnd()
      }
      return
    }
    if (previousLast < 0 || lastId === prev.last) return
    const added = items.slice(previousLast + 1)
    if (followLatest.onAppend(added.length, added.some(latest.current.isOwn))) scrollToEnd()
  }, [firstId, lastId])

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked when the list or its state changes.
  useLayoutEffect(check, [firstId, options.hasMore, options.isLoading])

  const onScroll = () => {
    followLatest.onScroll()
    keepAnchor()
    check()
  }
  const jumpToEnd = () => {
    followLatest.follow()
    followLatest.resetFarFromEnd()
    scrollToEnd()
  }
  // The container of the rows, watched for growth by the follower.
  const contentRef = followLatest.contentRef
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
