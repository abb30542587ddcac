import { useLayoutEffect, useRef } from 'react'
import { PINNED_SLACK, useFollowLatest } from '../../conversation/internal/useFollowLatest'

interface Item {
  id: number | string
}

/**
 * The list's scrolling: opens at the newest message and follows new ones while the reader is at the bottom
 * (the reader's own always brings it back there); messages that arrive while they read older ones are
 * counted for the jump button; earlier messages loaded above keep the message in view where it was.
 * `onSeenLatest` hears of the newest item once the reader has it in view (on open, on arrival while at the
 * bottom, on getting back there), once per item.
 */
export function useWidgetScroll<T extends Item>(
  items: T[],
  isOwn: (item: T) => boolean,
  onSeenLatest?: (item: T) => void,
) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const follow = useFollowLatest(scrollRef)
  const reported = useRef<T['id'] | undefined>(undefined)
  const latest = useRef({ items, onSeenLatest })
  latest.current = { items, onSeenLatest }
  const seeLatest = () => {
    const newest = latest.current.items.at(-1)
    if (!newest || newest.id === reported.current) return
    reported.current = newest.id
    latest.current.onSeenLatest?.(newest)
  }
  const seen = useRef<{ first?: T['id']; last?: T['id']; count: number; fromBottom: number }>({
    count: 0,
    fromBottom: 0,
  })

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the items change, before the paint.
  useLayoutEffect(() => {
    const el = scrollRef.current
    const before = seen.current
    const first = items[0]?.id
    const last = items.at(-1)?.id
    if (el && before.count > 0 && first !== before.first && last === before.last) {
      // Earlier messages came in above: keep the distance from the bottom.
      el.scrollTop = el.scrollHeight - el.clientHeight - before.fromBottom
    } else if (el && last !== before.last) {
      const index = before.last === undefined ? -1 : items.findIndex((item) => item.id === before.last)
      // The newest one was replaced (a message on its way got its stored id): what is new is what lies past
      // the old length, not the whole list.
      const added = index >= 0 ? items.slice(index + 1) : items.slice(Math.min(before.count, items.length))
      if (before.count === 0 || follow.onAppend(added.length, added.some(isOwn))) {
        el.scrollTop = el.scrollHeight
        seeLatest()
      }
    }
    seen.current = { first, last, count: items.length, fromBottom: el ? distanceFromBottom(el) : 0 }
  }, [items])

  const onScroll = () => {
    follow.onScroll()
    const el = scrollRef.current
    if (!el) return
    seen.current.fromBottom = distanceFromBottom(el)
    if (seen.current.fromBottom <= PINNED_SLACK) seeLatest()
  }
  const jumpToEnd = () => {
    const el = scrollRef.current
    if (!el) return
    follow.follow()
    el.scrollTop = el.scrollHeight
    follow.resetFarFromEnd()
    seeLatest()
  }
  return {
    scrollRef,
    contentRef: follow.contentRef,
    onScroll,
    onUserScroll: follow.release,
    unseen: follow.unseen,
    farFromEnd: follow.farFromEnd,
    jumpToEnd,
  }
}

const distanceFromBottom = (el: HTMLElement) => el.scrollHeight - el.clientHeight - el.scrollTop
