/** Where typing goes: a key there is text, not a shortcut. */
export const isTextField = (
  target: EventTarget | null,
): target is HTMLInputElement | HTMLTextAreaElement | HTMLElement =>
  target instanceof HTMLElement &&
  (target.isContentEditable ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement ||
    (target instanceof HTMLInputElement && !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type)))

/** A text field holding something that Escape must not throw away. */
export const holdsText = (target: EventTarget | null) =>
  (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement) && target.value !== ''

/** An open dialog, menu, popover or list box: it handles Escape itself. */
export const hasOpenLayer = () =>
  document.querySelector(
    '[data-state="open"]:is([role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"], [data-part="content"])',
  ) !== null

/** Apple keyboards say ⌘ where the others say Ctrl. */
export const isMacLike = (browser: Pick<Navigator, 'platform' | 'userAgent'> | undefined = globalThis.navigator) =>
  browser !== undefined && /Mac|iPhone|iPad|iPod/.test(browser.platform || browser.userAgent)
