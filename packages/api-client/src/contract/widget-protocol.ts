import type { WidgetLocale, WidgetMessage, WidgetMode, WidgetTheme } from './widget'

/**
 * The host ⇄ frame postMessage protocol of the embeddable widget. This file holds no zod and no
 * runtime imports, so the loader (a few kB) can take it whole. Both sides check the other's origin
 * and never post to `'*'`.
 */

/** Every message between the host page and the frame carries this namespace and version. */
export const WIDGET_PROTOCOL = 'limedesk-widget'
export const WIDGET_PROTOCOL_VERSION = 1

export interface WidgetUser {
  identifier?: string
  /** A partner token (see `WidgetTokenClaims`). */
  token?: string
  name?: string
  email?: string
}

export type WidgetThemeOverride = Partial<WidgetTheme>

/** Host → frame. */
export type HostToFrame =
  | { type: 'open' }
  | { type: 'close' }
  | { type: 'setUser'; user: WidgetUser | null }
  | { type: 'setLocale'; locale: WidgetLocale }
  | { type: 'setTheme'; theme: WidgetThemeOverride }

/** Frame → host. */
export type FrameToHost =
  | { type: 'ready'; mode: WidgetMode | null }
  | { type: 'opened' }
  /** The visitor closed the panel (button or Esc): the host hides the frame. */
  | { type: 'closed' }
  | { type: 'message:received'; message: WidgetMessage }
  | { type: 'message:sent'; message: WidgetMessage }
  | { type: 'unread'; count: number }
  | { type: 'error'; code: string }
  /**
   * The browser refused the frame its own storage (third-party storage blocked): the host keeps this value
   * (the anonymous visitor's token, how far they have read) in its page's storage and hands it back in the
   * next frame's address. `null` forgets it.
   */
  | { type: 'keep'; key: WidgetKeptKey; value: string | null }

/** What a frame may ask its host to keep for it. */
export const WIDGET_KEPT_KEYS = ['visitor', 'read'] as const
export type WidgetKeptKey = (typeof WIDGET_KEPT_KEYS)[number]

export interface WidgetEnvelope<T> {
  ns: typeof WIDGET_PROTOCOL
  v: typeof WIDGET_PROTOCOL_VERSION
  message: T
}

export const envelope = <T>(message: T): WidgetEnvelope<T> => ({
  ns: WIDGET_PROTOCOL,
  v: WIDGET_PROTOCOL_VERSION,
  message,
})

/** The message inside a postMessage's data when it is one of ours, of our version; else null. */
export const openEnvelope = <T>(data: unknown): T | null => {
  if (typeof data !== 'object' || data === null) return null
  const value = data as Partial<WidgetEnvelope<T>>
  if (value.ns !== WIDGET_PROTOCOL || value.v !== WIDGET_PROTOCOL_VERSION) return null
  const inner = value.message as { type?: unknown } | undefined
  return inner && typeof inner.type === 'string' ? (value.message as T) : null
}
