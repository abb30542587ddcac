import { useLayoutEffect, useRef } from 'react'

/** Grows a border-box textarea with its text up to `maxRows` rows, then scrolls inside it. */
export function useAutoResize(value: string, maxRows: number) {
  const ref = useRef<HTMLTextAreaElement>(null)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height is measured again whenever the text changes.
  useLayoutEffect(() => {
    const el = ref.current
    if (!el) return
    const style = getComputedStyle(el)
    const px = (v: string) => Number.parseFloat(v) || 0
    const line = px(style.lineHeight) || 20
    const padding = px(style.paddingTop) + px(style.paddingBottom)
    const borders = px(style.borderTopWidth) + px(style.borderBottomWidth)
    const max = line * maxRows + padding
    el.style.height = 'auto'
    el.style.height = `${Math.min(el.scrollHeight, max) + borders}px`
    el.style.overflowY = el.scrollHeight > max + 1 ? 'auto' : 'hidden'
  }, [value, maxRows])
  return ref
}
