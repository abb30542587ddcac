import { startTransition, useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react'

export interface WindowingOptions {
  /** Number of rows, all `rowHeight` px tall. */
  count: number
  rowHeight: number
  /** Rows drawn beyond each edge of the view, so a fast scroll does not show blanks. */
  overscan?: number
  /** Called on every scroll with the scroll container, after the window is updated. */
  onScroll?: (element: HTMLDivElement) => void
}

/** The rows in view: `start` is the first one partly visible, `end` one past the last. */
interface Span {
  start: number
  end: number
}

/**
 * Fixed-height windowing: only the rows in view (plus `overscan`) are drawn, each absolutely placed
 * at `index * rowHeight` inside a spacer `totalHeight` px tall. Attach `scrollRef` to the scrolling element.
 *
 * The state holds row numbers, not pixels: scrolling within a row changes nothing, so the list renders
 * only when a row enters or leaves the view (and memoised rows that stay in view are not drawn again).
 * A scroll that keeps part of the drawn rows in view draws the few new ones at once. A jump past everything
 * drawn (a fling, a drag of the scrollbar) is a transition: drawing yields to the browser, and positions
 * already left behind are skipped instead of drawn one after another.
 */
export function useWindowing({ count, rowHeight, overscan = 4, onScroll }: WindowingOptions) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const [span, setSpan] = useState<Span>({ start: 0, end: 0 })
  const onScrollRef = useRef(onScroll)
  onScrollRef.current = onScroll
  /** The rows drawn in the last committed render. */
  const drawn = useRef({ first: 0, last: 0 })

  const measure = useCallback(
    (jumpsAsTransition = false) => {
      const el = scrollRef.current
      if (!el) return
      const start = Math.max(0, Math.floor(el.scrollTop / rowHeight))
      const end = Math.max(start, Math.ceil((el.scrollTop + el.clientHeight) / rowHeight))
      const update = () => setSpan((s) => (s.start === start && s.end === end ? s : { start, end }))
      const jump = end <= drawn.current.first || start >= drawn.current.last
      if (jumpsAsTransition && jump) startTransition(update)
      else update()
    },
    [rowHeight],
  )

  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return
    measure()
    const handle = () => {
      measure(true)
      onScrollRef.current?.(el)
    }
    el.addEventListener('scroll', handle, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => measure())
    observer?.observe(el)
    return () => {
      el.removeEventListener('scroll', handle)
      observer?.disconnect()
    }
  }, [measure])

  const first = Math.min(count, Math.max(0, span.start - overscan))
  const last = Math.min(count, span.end + overscan)
  useLayoutEffect(() => {
    drawn.current = { first, last }
  }, [first, last])
  const indexes = useMemo(() => Array.from({ length: Math.max(0, last - first) }, (_, i) => first + i), [first, last])
  const offsetOf = useCallback((index: number) => index * rowHeight, [rowHeight])
  return { scrollRef, indexes, totalHeight: count * rowHeight, offsetOf }
}
