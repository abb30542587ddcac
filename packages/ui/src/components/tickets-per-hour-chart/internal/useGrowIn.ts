import { useEffect, useRef } from 'react'

/**
 * Bars grow up from the axis once, when the chart first draws (not when the user asked for less
 * motion). Returns the ref of the group whose children grow.
 */
export function useGrowIn<T extends SVGGElement>(enabled: boolean) {
  const ref = useRef<T>(null)
  const done = useRef(false)
  useEffect(() => {
    const group = ref.current
    if (!enabled || done.current || !group || typeof group.animate !== 'function') return
    done.current = true
    if (globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches) return
    for (const bar of group.querySelectorAll('rect')) {
      bar.style.transformBox = 'fill-box'
      bar.style.transformOrigin = 'bottom'
      bar.animate([{ transform: 'scaleY(0)' }, { transform: 'scaleY(1)' }], { duration: 400, easing: 'ease-out' })
    }
  }, [enabled])
  return ref
}
