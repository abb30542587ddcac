import type { WidgetLocale, WidgetTheme } from '@desk/api-client/contract'
import { say } from './strings'
import { icon, SHELL_CSS, textOn } from './styles'

export interface ShellOptions {
  /** Floating: a launcher and a panel over the page. Inline: the panel fills `container`. */
  floating: boolean
  container: HTMLElement
  onLauncher: () => void
}

/** The widget's own corner of the page: a shadow root holding the launcher (floating) and the frame's panel. */
export function createShell({ floating, container, onLauncher }: ShellOptions) {
  const host = document.createElement('div')
  host.setAttribute('data-limedesk-widget', floating ? 'floating' : 'inline')
  if (!floating) host.style.cssText = 'display:block;width:100%;height:100%'
  const root = host.attachShadow({ mode: 'open' })
  adoptStyles(root)
  const box = document.createElement('div')
  box.className = floating ? 'right' : 'inline'
  const panel = document.createElement('div')
  panel.className = 'panel'
  panel.setAttribute('data-testid', 'limedesk-panel')
  let launcher: HTMLButtonElement | undefined
  let badge: HTMLSpanElement | undefined
  if (floating) {
    launcher = document.createElement('button')
    launcher.type = 'button'
    launcher.className = 'launcher'
    launcher.setAttribute('data-testid', 'limedesk-launcher')
    launcher.setAttribute('aria-expanded', 'false')
    launcher.addEventListener('click', onLauncher)
    badge = document.createElement('span')
    badge.className = 'badge'
    badge.hidden = true
    badge.setAttribute('data-testid', 'limedesk-unread')
  }
  box.append(...(launcher ? [launcher] : []), panel)
  root.append(box)
  container.append(host)

  let open = !floating
  let unread = 0
  let theme: WidgetTheme | undefined
  let locale: WidgetLocale = 'en'

  const paint = () => {
    box.classList.toggle('open', open)
    if (!launcher || !badge || !theme) return
    box.classList.toggle('left', theme.position === 'left')
    box.classList.toggle('right', theme.position !== 'left')
    box.style.setProperty('--ld-primary', theme.primaryColor)
    box.style.setProperty('--ld-on-primary', textOn(theme.primaryColor))
    const text = open ? '' : theme.launcherText
    launcher.innerHTML = `${icon(open ? 'close' : theme.launcherIcon)}${text ? '<span class="text"></span>' : ''}`
    if (text) (launcher.lastChild as HTMLElement).textContent = text
    launcher.setAttribute('aria-label', say(locale, open ? 'close' : 'open'))
    launcher.setAttribute('aria-expanded', String(open))
    badge.hidden = open || unread === 0
    badge.textContent = unread > 9 ? '9+' : String(unread)
    badge.setAttribute('aria-label', say(locale, 'unread', { n: unread }))
    launcher.append(badge)
  }

  return {
    panel,
    launcher,
    setTheme(next: WidgetTheme, nextLocale: WidgetLocale) {
      theme = next
      locale = nextLocale
      paint()
    },
    setOpen(next: boolean) {
      open = next || !floating
      paint()
    },
    setUnread(count: number) {
      unread = count
      paint()
    },
    destroy() {
      host.remove()
    },
  }
}
export type Shell = ReturnType<typeof createShell>

/**
 * The shell's CSS as a constructed style sheet: a partner page whose Content-Security-Policy forbids inline
 * `<style>` elements still styles it. A `<style>` element only where the browser cannot construct sheets.
 */
function adoptStyles(root: ShadowRoot) {
  try {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(SHELL_CSS)
    root.adoptedStyleSheets = [sheet]
  } catch {
    const style = document.createElement('style')
    style.textContent = SHELL_CSS
    root.append(style)
  }
}
