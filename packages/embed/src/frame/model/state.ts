import type {
  FrameToHost,
  WidgetConfig,
  WidgetLocale,
  WidgetMessage,
  WidgetServerToClientEvents,
  WidgetSession,
  WidgetThemeOverride,
} from '@desk/api-client/contract'
import type { WidgetApi } from './api'
import type { PendingMessage } from './conversation'
import type { VisitorStorage } from './storage'

export interface WidgetState {
  /** loading: config or session on their way; ready: the conversation is shown; error: `error` says why. */
  phase: 'loading' | 'ready' | 'error'
  /** An error code (`ERR_WIDGET_TOKEN_EXPIRED`, `ERR_NETWORK` …) when `phase` is error. */
  error: string | null
  config: WidgetConfig | null
  session: WidgetSession | null
  messages: WidgetMessage[]
  pending: PendingMessage[]
  /** Older messages wait on the desk (page back with `before`). */
  hasMore: boolean
  loadingOlder: boolean
  /** An agent is online (from the config, then the socket's presence events). */
  online: boolean
  /** The panel is shown (always, inline). */
  open: boolean
  /** The desk's messages the visitor has not seen. */
  unread: number
  locale: WidgetLocale
  themeOverride: WidgetThemeOverride
  /** The offline form: the e-mail address was saved. */
  contactSaved: boolean
}

/** The part of a socket.io client socket the store uses. */
export interface WidgetSocket {
  on<E extends keyof WidgetServerToClientEvents>(event: E, fn: WidgetServerToClientEvents[E]): unknown
  on(event: 'connect', fn: () => void): unknown
  disconnect(): unknown
}

export const initialState = (locale: WidgetLocale, open: boolean): WidgetState => ({
  phase: 'loading',
  error: null,
  config: null,
  session: null,
  messages: [],
  pending: [],
  hasMore: false,
  loadingOlder: false,
  online: false,
  open,
  unread: 0,
  locale,
  themeOverride: {},
  contactSaved: false,
})

/** The codes that say the session is over (the frame opens a new one, or asks the partner for a new token). */
export const SESSION_OVER = new Set(['ERR_WIDGET_TOKEN_EXPIRED', 'ERR_SESSION_EXPIRED'])

export interface WidgetStoreDeps {
  api: WidgetApi
  storage: VisitorStorage
  /** Opens the live socket with the session (`auth: { widgetToken }`); the client may load on demand. */
  connect: (sessionToken: string) => WidgetSocket | Promise<WidgetSocket>
  /** Tells the host page (nothing when there is none). */
  post: (message: FrameToHost) => void
  /** Whether the visitor can see the frame now (the tab is visible). */
  isVisible: () => boolean
}

export interface WidgetStoreOptions {
  locale: WidgetLocale
  /** Inline panels are always open; floating ones start closed. */
  open: boolean
  /** The partner's token from the frame's address (`#token=`). */
  token: string | null
  /** The connection's config when already fetched. */
  config?: WidgetConfig | null
}
