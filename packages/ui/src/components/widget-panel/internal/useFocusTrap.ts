import { type RefObject, useEffect } from 'react'

const TABBABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'textarea:not([disabled])',
  'select:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',')

const tabbablesIn = (root: HTMLElement) =>
  [...root.querySelectorAll<HTMLElement>(TABBABLE)].filter(
    (el) => !el.hidden && el.tabIndex >= 0 && el.getClientRects().length > 0,
  )

/**
 * Keeps the keyboard inside `ref` while `enabled`: on start the focus goes to `[data-widget-autofocus]` (the
 * message box), else to the panel itself, where a message box or field that appears later takes it (see
 * `panelAwaitsFocus`); Tab and Shift+Tab wrap around; the focus goes back where it was when the trap ends. A small hook rather than a focus-trap library: it must not restart when the panel
 * draws again (every key typed), nor take the focus from the text being typed.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, enabled: boolean) {
  useEffect(() => {
    const root = ref.current
    if (!enabled || !root) return
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null
    if (!root.contains(document.activeElement)) {
      const first = root.querySelector<HTMLElement>('[data-widget-autofocus]:not(:disabled)') ?? root
      first.focus({ preventScroll: true })
    }
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Tab' || e.defaultPrevented) return
      const tabbables = tabbablesIn(root)
      if (tabbables.length === 0) return
      const first = tabbables[0]
      const last = tabbables[tabbables.length - 1]
      const active = document.activeElement
      if (e.shiftKey && (active === first || !root.contains(active))) {
        e.preventDefault()
        last.focus()
      } else if (!e.shiftKey && (active === last || !root.contains(active))) {
        e.preventDefault()
        first.focus()
      }
    }
    root.addEventListener('keydown', onKeyDown)
    return () => {
      root.removeEventListener('keydown', onKeyDown)
      if (previous?.isConnected && root.contains(document.activeElement)) previous.focus({ preventScroll: true })
    }
  }, [ref, enabled])
}
