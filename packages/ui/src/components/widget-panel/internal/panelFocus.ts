/** Marks the panel's root: what the focus trap starts on when nothing inside asks for the focus. */
export const PANEL_ROOT_ATTRIBUTE = 'data-widget-root'

/**
 * Whether a control that has just appeared in the panel may take the focus: the focus is on the panel itself
 * (it opened while its body was loading), not on something the reader chose.
 */
export function panelAwaitsFocus(el: Element | null | undefined) {
  const root = el?.closest(`[${PANEL_ROOT_ATTRIBUTE}]`)
  return root != null && el?.ownerDocument.activeElement === root
}
