import { type RefObject, useCallback, useLayoutEffect, useRef, useState } from 'react'

/** Within this many px of the bottom the list counts as at the bottom, following the newest message. */
export const PINNED_SLACK = 24

/**
 * Whether the reader follows the newest message, and how many arrived while they did not.
 *
 * Following starts at the bottom and stops only when the reader scrolls up: a scroll that moves up by more than
 * the content shrank, while the view kept its size (the list moving rows about changes one of them). While
 * following, any change of size, of the rows (a late image, a new message) or of the view (the composer
 * growing with attachments, a smaller window), keeps the bottom in view. Reaching the bottom again, or
 * the jump button, follows again and clears the count.
 */
export function useFollowLatest(
  scrollRef: RefObject<HTMLDivElement | null>,
  /** Scrolls the list to a given offset, where another party (a virtualiser) has to know at once. */
  scrollTo?: RefObject<(top: number) => void>,
  /** Puts the unread divider back at the top of the view (or the list at its bottom, when it cannot get there). */
  backToDivider?: RefObject<() => void>,
) {
  const following = useRef(true)
  // Opened at the unread divider: the list is on its way there and must not be pulled to the bottom
  // until the reader takes over (a wheel, a touch, a key, a click in the list).
  const holding = useRef(false)
  const seen = useRef({ top: 0, height: 0, client: 0, distance: 0 })
  const [unseen, setUnseen] = useState(0)
  const [farFromEnd, setFarFromEnd] = useState(false)

  const follow = useCallback(() => {
    following.current = true
    holding.current = false
    setUnseen(0)
  }, [])
  const stick = useCallback(() => {
    const el = scrollRef.current
    if (!el) return
    // Nothing to scroll: the reader sees the newest message.
    if (el.scrollHeight - el.clientHeight <= PINNED_SLACK) follow()
    // On the way to the divider: rows measured on the way move it, so the list goes there again.
    if (holding.current) backToDivider?.current()
    else if (following.current) {
      if (scrollTo) scrollTo.current(el.scrollHeight)
      else el.scrollTop = el.scrollHeight
    }
  }, [scrollRef, scrollTo, backToDivider, follow])

  const observer = useRef<ResizeObserver | null>(null)
  const content = useRef<HTMLElement | null>(null)
  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const ro = new ResizeObserver(stick)
    ro.observe(el)
    if (content.current) ro.observe(content.current)
    observer.current = ro
    return () => ro.disconnect()
  }, [scrollRef, stick])
  /** The element that holds the rows: its size changes whenever a row is added or grows. */
  const contentRef = useCallback((node: HTMLElement | null) => {
    if (content.current) observer.current?.unobserve(content.current)
    content.current = node
    if (node) observer.current?.observe(node)
  }, [])

  /** Reads where the list is: on every scroll, and before deciding about new messages. */
  const onScroll = () => {
    const el = scrollRef.current
    if (!el) return
    const { scrollTop: top, scrollHeight: height, clientHeight: client } = el
    const distance = height - top - client
    const last = seen.current
    if (holding.current) {
      // On the way to the divider: only remember where the list is.
    } else if (distance <= PINNED_SLACK) follow()
    // Up by more than the content shrank (rows above measured smaller move the list up by as much): the reader.
    else if (top < last.top - Math.max(0, last.height - height) && client === last.client) following.current = false
    seen.current = { top, height, client, distance }
    setFarFromEnd(distance > client / 2)
  }

  /** The reader takes over the scrolling (used on wheel, touch, key and pointer input in the list). */
  const release = () => {
    holding.current = false
    if (seen.current.distance <= PINNED_SLACK) follow()
  }

  /** Messages were added after the newest one: `own` when the agent sent one of them. */
  const onAppend = (count: number, own: boolean) => {
    // Opened at the divider with nothing below it to read: the reader is at the bottom.
    if (holding.current && seen.current.distance <= PINNED_SLACK) follow()
    // A scroll of the reader's may not have been reported yet.
    onScroll()
    if (own) follow()
    if (following.current) return true
    setUnseen((n) => n + count)
    return false
  }

  /** Opened at the unread divider rather than at the bottom. */
  const holdAtDivider = () => {
    following.current = false
    holding.current = true
  }

  const resetFarFromEnd = () => setFarFromEnd(false)
  return { contentRef, onScroll, release, onAppend, follow, holdAtDivider, unseen, farFromEnd, resetFarFromEnd }
}
