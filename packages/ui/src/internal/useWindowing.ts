import { useCallback, useLayoutEffect, useRef, useState } from 'react'

export interface WindowingOptions {
  /** Number of rows, all `rowHeight` px tall. */
  count: number
  rowHeight: number
  /** Rows drawn beyond each edge of the view, so a fast scroll does not show blanks. */
  overscan?: number
  /** Called on every scroll with the scroll container, after the window is updated. */
  onScroll?: (element: HTMLDivElement) => void
}

/**
 * Fixed-height windowing: only the rows in view (plus `overscan`) are drawn, each absolutely placed
 * at `index * rowHeight` inside a spacer `totalHeight` px tall. Attach `scrollRef` to the scrolling element.
 */
export function useWindowing({ count, rowHeight, overscan = 4, onScroll }: WindowingOptions) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const [view, setView] = useState({ top: 0, height: 0 })
  const onScrollRef = useRef(onScroll)
  onScrollRef.current = onScroll

  const measure = useCallback(() => {
    const el = scrollRef.current
    if (!el) return
    setView((v) =>
      v.top === el.scrollTop && v.height === el.clientHeight ? v : { top: el.scrollTop, height: el.clientHeight },
    )
  }, [])

  useLayoutEffect(() => {
    const el = scrollRef.current
    if (!el) return
    measure()
    const handle = () => {
      measure()
      onScrollRef.current?.(el)
    }
    el.addEventListener('scroll', handle, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure)
    observer?.observe(el)
    return () => {
      el.removeEventListener('scroll', handle)
      observer?.disconnect()
    }
  }, [measure])

  const first = Math.max(0, Math.floor(view.top / rowHeight) - overscan)
  const last = Math.min(count, Math.ceil((view.top + view.height) / rowHeight) + overscan)
  const indexes = Array.from({ length: Math.max(0, last - first) }, (_, i) => first + i)
  return { scrollRef, indexes, totalHeight: count * rowHeight, offsetOf: (index: number) => index * rowHeight }
}
