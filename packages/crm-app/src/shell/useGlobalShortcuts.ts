import { useEffect, useRef } from 'react'
import { hasOpenLayer, isTextField } from '../lib/keyboard'

interface GlobalShortcuts {
  /** Ctrl+K or ⌘+K, from anywhere (typing included, as in most apps). */
  onPalette: () => void
  /** `?`, unless the key is typed into a field or a dialog is open. */
  onHelp: () => void
}

/** The shortcuts of every private page. */
export function useGlobalShortcuts(shortcuts: GlobalShortcuts) {
  const latest = useRef(shortcuts)
  latest.current = shortcuts
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing) return
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault()
        latest.current.onPalette()
      } else if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTextField(e.target) && !hasOpenLayer()) {
        e.preventDefault()
        latest.current.onHelp()
      }
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [])
}
