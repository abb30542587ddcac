import { useEffect, useRef } from 'react'
import { hasOpenLayer, holdsText } from '../../../lib/keyboard'

/**
 * Escape, when nothing else wants it: not while a dialog, menu or popover is open (it closes itself), not when
 * an element handled the key already (the composer's quick answers), and not in a field holding text.
 */
export function useEscapeKey(onEscape: () => void) {
  const latest = useRef(onEscape)
  latest.current = onEscape
  useEffect(() => {
    // Taken before any listener runs: a layer that Escape closes may be gone by the time the key reaches the window.
    let layerWasOpen = false
    const before = () => {
      layerWasOpen = hasOpenLayer()
    }
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || e.isComposing || layerWasOpen || holdsText(e.target)) return
      latest.current()
    }
    window.addEventListener('keydown', before, true)
    window.addEventListener('keydown', onKeyDown)
    return () => {
      window.removeEventListener('keydown', before, true)
      window.removeEventListener('keydown', onKeyDown)
    }
  }, [])
}
