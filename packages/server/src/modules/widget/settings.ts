import { createHash, randomBytes } from 'node:crypto'
import {
  DEFAULT_WIDGET_THEME,
  type WebChatConfig,
  type WebChatConfigPublic,
  type WebChatConfigUpdate,
  WidgetTheme,
} from '@desk/api-client'

/** What a web chat connection keeps in its config JSON, the signing secret included. */
export interface StoredWebChat extends WebChatConfig {
  /** Signs partner tokens (HS256); never in an answer but `GET|POST /widget/connections/:id/secret`. */
  secret: string
  /** When an admin last rotated the secret; null until then. */
  secretRotatedAt: string | null
}

/** A new signing secret: 32 random bytes, base64url (43 characters). */
export const newWidgetSecret = () => randomBytes(32).toString('base64url')

/**
 * The generation of a secret: widget sessions carry it, so rotating the secret ends every open
 * session of the connection (a short digest; the secret itself never leaves the server this way).
 */
export const secretGeneration = (secret: string) =>
  createHash('sha256').update(`widget-generation:${secret}`).digest('base64url').slice(0, 12)

export const WIDGET_LOADER_PATH = '/embed.js'
export const widgetFramePath = (connectionId: number) => `/widget/${connectionId}`

/** The settings as stored, with defaults for anything missing (a hand-edited or older row). */
export const readWebChat = (raw: Partial<StoredWebChat> | undefined): StoredWebChat => ({
  allowedOrigins: raw?.allowedOrigins ?? [],
  verifiedOnly: raw?.verifiedOnly ?? false,
  offlineEmail: raw?.offlineEmail ?? false,
  theme: WidgetTheme.safeParse({ ...DEFAULT_WIDGET_THEME, ...raw?.theme }).data ?? DEFAULT_WIDGET_THEME,
  secret: raw?.secret ?? '',
  secretRotatedAt: raw?.secretRotatedAt ?? null,
})

/** The settings of a new connection, with a fresh secret. */
export const createdWebChat = (input: WebChatConfig): StoredWebChat => ({
  ...input,
  theme: { ...DEFAULT_WIDGET_THEME, ...input.theme },
  secret: newWidgetSecret(),
  secretRotatedAt: null,
})

/** An update applied: fields left out stay; the theme merges field by field; the secret stays. */
export const updatedWebChat = (stored: StoredWebChat, update: WebChatConfigUpdate): StoredWebChat => {
  const theme = Object.fromEntries(Object.entries(update.theme ?? {}).filter(([, v]) => v !== undefined))
  return {
    ...stored,
    allowedOrigins: (update.allowedOrigins as string[] | undefined) ?? stored.allowedOrigins,
    verifiedOnly: update.verifiedOnly === undefined ? stored.verifiedOnly : Boolean(update.verifiedOnly),
    offlineEmail: update.offlineEmail === undefined ? stored.offlineEmail : Boolean(update.offlineEmail),
    theme: { ...stored.theme, ...theme },
  }
}

/** What connection answers show: everything but the secret. */
export const publicWebChat = (connectionId: number, stored: StoredWebChat): WebChatConfigPublic => ({
  allowedOrigins: stored.allowedOrigins,
  verifiedOnly: stored.verifiedOnly,
  offlineEmail: stored.offlineEmail,
  theme: stored.theme,
  loaderPath: WIDGET_LOADER_PATH,
  framePath: widgetFramePath(connectionId),
})
