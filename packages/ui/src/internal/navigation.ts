import type { MouseEvent } from 'react'

/**
 * Click handler for a real anchor: plain left clicks go through `onNavigate` (client routing);
 * modified clicks (new tab, new window, download) keep the browser's behaviour.
 */
export const navigateOnClick =
  (href: string, onNavigate: ((href: string) => void) | undefined, after?: () => void) =>
  (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.defaultPrevented || event.button !== 0) return
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return
    event.preventDefault()
    onNavigate(href)
    after?.()
  }
