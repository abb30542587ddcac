import type { WidgetLocale, WidgetThemeOverride, WidgetUser } from '@desk/api-client/contract'
import type { WidgetEventName, WidgetListener } from './events'
import type { WidgetMode } from './frame'

export interface WidgetHostOptions {
  /** The desk's address (`https://desk.example`); its origin is the only one the widget talks to. */
  deskUrl: string
  connectionId: number | string
  /** `floating` (default): a launcher and a panel over the page. `inline`: the panel fills `container`. */
  mode?: WidgetMode
  /** Where the widget goes: `document.body` by default (floating); the box to fill (inline). */
  container?: HTMLElement
  /** When the conversation app loads: on first `open` (default) or once the browser is idle. */
  load?: 'open' | 'idle'
  /** en, pt-BR or es; the browser's languages choose when unset. */
  locale?: WidgetLocale
  /** Overrides the connection's theme, field by field. */
  theme?: WidgetThemeOverride
  user?: WidgetUser | null
  /** The frame's address instead of the desk's `/widget/:connectionId` (stories and tests). */
  frameSrc?: string
}

export interface WidgetHost {
  open(): void
  close(): void
  toggle(): void
  setUser(user: WidgetUser | null): void
  setLocale(locale: WidgetLocale): void
  setTheme(theme: WidgetThemeOverride): void
  on<E extends WidgetEventName>(event: E, fn: WidgetListener<E>): void
  off<E extends WidgetEventName>(event: E, fn?: WidgetListener<E>): void
  /** Removes the launcher, the panel and the frame. */
  destroy(): void
}
