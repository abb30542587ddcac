import { useLayoutEffect, useRef } from 'react'

/** Grows a textarea with its text up to `maxRows` rows, then scrolls inside it. */
export function useAutoResize(value: string, maxRows: number) {
  const ref = useRef<HTMLTextAreaElement>(null)
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const style = getComputedStyle(el)
    const line = Number.parseFloat(style.lineHeight) || 20
    const extra =
      Number.parseFloat(style.paddingTop) +
      Number.parseFloat(style.paddingBottom) +
      Number.parseFloat(style.borderTopWidth) +
      Number.parseFloat(style.borderBottomWidth)
    el.style.height = 'auto'
    const max = line * maxRows + extra
    el.style.height = `${Math.min(el.scrollHeight + Number.parseFloat(style.borderTopWidth) * 2, max)}px`
    el.style.overflowY = el.scrollHeight + extra > max + 1 ? 'auto' : 'hidden'
  }, [value, maxRows])
  return ref
}
