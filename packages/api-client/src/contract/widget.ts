import { z } from 'zod'
import { Flag } from './common'
import { ContactUpdateRequest } from './contacts'
import { Ack, MediaType } from './entities'
import { widgetPaths } from './paths/widget'
import { defineRoutes, noContent } from './route'
import { ID_MAX, safeText } from './text'
import { Color, email, Id, IdParams, VALIDATION_MESSAGES } from './validation'

/**
 * The embeddable conversation widget (issue 14): the web chat connection's settings, the widget's
 * own API below `/api/widget`, its socket events and the host ⇄ frame postMessage protocol.
 *
 * Two audiences share one widget:
 * - customer mode: a visitor on a partner's site talks to the desk through a `webchat` connection;
 * - agent mode: a partner's staff portal shows one ticket, and the assignee may reply.
 *
 * A partner opens a conversation with a short-lived token (JWT, HS256, signed with the connection's
 * secret, or minted by `POST /api/widget/tokens` with the `userApiToken`). The widget trades it, once,
 * for a widget session (`POST /api/widget/:connectionId/session`) that it then sends as a bearer token
 * on the widget's calls and in the socket's `auth.widgetToken`. A session opens that one conversation
 * and nothing else.
 */

const m = VALIDATION_MESSAGES

/* ---------- the connection's settings ---------- */

/**
 * An origin as a browser sends it: scheme, host and optional port, nothing else
 * (`https://portal.example.com`, `http://127.0.0.1:5173`). Stored lower-case, no trailing slash.
 */
export const WidgetOrigin = safeText({ error: m.invalid })
  .trim()
  .max(255, { error: m.tooLong })
  .transform((v) => v.toLowerCase().replace(/\/$/, ''))
  .pipe(safeText().regex(/^https?:\/\/(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, { error: m.invalid }))

export const WIDGET_THEME_MODES = ['light', 'dark', 'auto'] as const
export const WidgetThemeMode = z.enum(WIDGET_THEME_MODES, { error: m.invalid })
export type WidgetThemeMode = z.infer<typeof WidgetThemeMode>

export const WIDGET_POSITIONS = ['left', 'right'] as const
export const WidgetPosition = z.enum(WIDGET_POSITIONS, { error: m.invalid })
export type WidgetPosition = z.infer<typeof WidgetPosition>

export const WIDGET_ICONS = ['chat', 'help', 'mail'] as const
export const WidgetIcon = z.enum(WIDGET_ICONS, { error: m.invalid })
export type WidgetIcon = z.infer<typeof WidgetIcon>

export const WIDGET_LOCALES = ['en', 'pt-BR', 'es'] as const
export const WidgetLocale = z.enum(WIDGET_LOCALES, { error: m.invalid })
export type WidgetLocale = z.infer<typeof WidgetLocale>

/** How the launcher and the panel look. The host may override each at run time (`setTheme`). */
export const WidgetTheme = z.object({
  /** `#rrggbb`; the desk's lime green by default. */
  primaryColor: Color,
  mode: WidgetThemeMode,
  position: WidgetPosition,
  /** Shown beside the launcher's icon; empty shows the icon alone. */
  launcherText: safeText().trim().max(40, { error: m.tooLong }),
  launcherIcon: WidgetIcon,
})
export type WidgetTheme = z.infer<typeof WidgetTheme>

export const DEFAULT_WIDGET_THEME: WidgetTheme = {
  primaryColor: '#84cc16',
  mode: 'auto',
  position: 'right',
  launcherText: '',
  launcherIcon: 'chat',
}

/** Most origins one connection may allow. */
export const WIDGET_ORIGINS_MAX = 20

/**
 * The `webChat` settings of a connection whose driver is `webchat` (create: required; update: each
 * field optional). The signing secret is never part of a request: the server makes it on create, and
 * admins read or rotate it with `GET|POST /api/widget/connections/:id/secret`.
 */
export const WebChatConfig = z.object({
  /** The partner sites allowed to embed the widget: `frame-ancestors` and the loader's check. */
  allowedOrigins: z.array(WidgetOrigin).min(1, { error: m.required }).max(WIDGET_ORIGINS_MAX, { error: m.tooLong }),
  /** On: only visitors with a partner-signed token may talk; anonymous visitors are refused. */
  verifiedOnly: Flag,
  /** When no agent is online, ask for an e-mail address and say the reply comes by e-mail. */
  offlineEmail: Flag,
  theme: WidgetTheme,
})
export type WebChatConfig = z.output<typeof WebChatConfig>
export type WebChatConfigInput = z.input<typeof WebChatConfig>

export const WebChatConfigUpdate = z.object({
  allowedOrigins: WebChatConfig.shape.allowedOrigins.optional(),
  verifiedOnly: Flag.optional(),
  offlineEmail: Flag.optional(),
  theme: WidgetTheme.partial().optional(),
})
export type WebChatConfigUpdate = z.input<typeof WebChatConfigUpdate>

/** What connection answers say about a web chat connection (admins also fetch the secret on its own). */
export const WebChatConfigPublic = WebChatConfig.extend({
  verifiedOnly: z.boolean(),
  offlineEmail: z.boolean(),
  /** Where partners point their script tag and plain iframes, below the desk's address. */
  loaderPath: safeText(),
  framePath: safeText(),
})
export type WebChatConfigPublic = z.infer<typeof WebChatConfigPublic>

/** `GET /api/widget/connections/:id/secret` and `POST …/secret` (rotate), admins only. */
export const WidgetSecretResponse = z.object({ secret: safeText(), rotatedAt: safeText().nullable() })
export type WidgetSecretResponse = z.infer<typeof WidgetSecretResponse>

/* ---------- tokens and sessions ---------- */

/** A partner token may live at most this long (its `exp` minus now); a longer one is refused. */
export const WIDGET_TOKEN_MAX_SECONDS = 24 * 60 * 60
/** A widget session lasts this long; the widget opens a new one with its token or visitor token. */
export const WIDGET_SESSION_SECONDS = 12 * 60 * 60

/**
 * The claims of a partner token (JWT, HS256, the connection's secret). `exp` is required.
 * Customer mode names `sub` (the partner's identifier of the visitor, 1–128 characters); agent mode
 * names `ticketId` and the partner user as `userEmail` (a desk user's e-mail). `cid`, when present,
 * must be the connection's id. Anything else makes the token invalid.
 */
export const WidgetTokenClaims = z.union([
  z.object({
    sub: safeText().trim().min(1).max(128),
    name: safeText().trim().max(255).optional(),
    email: email().optional(),
    cid: Id.optional(),
    exp: z.number().int(),
    iat: z.number().int().optional(),
  }),
  z.object({
    ticketId: Id,
    userEmail: email(),
    cid: Id.optional(),
    exp: z.number().int(),
    iat: z.number().int().optional(),
  }),
])
export type WidgetTokenClaims = z.infer<typeof WidgetTokenClaims>

/**
 * `POST /api/widget/tokens`: a partner backend that holds the `userApiToken` asks the desk to mint a
 * partner token (same claims, same secret). `token` is the `userApiToken`, as the seed's automation calls send it.
 */
export const WidgetTokenRequest = z.union([
  z.object({
    token: safeText().min(1),
    connectionId: Id,
    identifier: safeText().trim().min(1, { error: m.required }).max(128, { error: m.tooLong }),
    name: safeText().trim().max(255, { error: m.tooLong }).optional(),
    email: email().optional(),
    expiresIn: z.coerce.number().int().min(30).max(WIDGET_TOKEN_MAX_SECONDS).optional().default(600),
  }),
  z.object({
    token: safeText().min(1),
    connectionId: Id,
    ticketId: Id,
    userEmail: email(),
    expiresIn: z.coerce.number().int().min(30).max(WIDGET_TOKEN_MAX_SECONDS).optional().default(600),
  }),
])
export type WidgetTokenRequest = z.input<typeof WidgetTokenRequest>
export const WidgetTokenResponse = z.object({ token: safeText(), expiresAt: safeText() })
export type WidgetTokenResponse = z.infer<typeof WidgetTokenResponse>

/**
 * `POST /api/widget/:connectionId/session`. With `token`: a verified visitor or a partner user.
 * Without it: an anonymous visitor (refused with `ERR_WIDGET_VERIFIED_ONLY` when the connection says
 * so), who sends back the `visitorToken` of an earlier session to keep their identity and history.
 * Anonymous identities live in their own namespace: no visitor token can ever name a verified identifier.
 */
export const WidgetSessionRequest = z.object({
  token: safeText().max(4096, { error: m.tooLong }).optional(),
  visitorToken: safeText().max(4096, { error: m.tooLong }).optional(),
  /** An anonymous visitor's own name and e-mail (verified visitors take them from the token). */
  name: safeText().trim().max(255, { error: m.tooLong }).optional(),
  email: email().optional(),
})
export type WidgetSessionRequest = z.input<typeof WidgetSessionRequest>

export const WIDGET_MODES = ['customer', 'agent'] as const
export const WidgetMode = z.enum(WIDGET_MODES)
export type WidgetMode = z.infer<typeof WidgetMode>

export const WidgetSession = z.object({
  /** Bearer token for `/api/widget/*` and the socket's `auth.widgetToken`. */
  sessionToken: safeText(),
  expiresAt: safeText(),
  mode: WidgetMode,
  /** Anonymous visitors only: keep it (the frame stores it) to come back as the same visitor. */
  visitorToken: safeText().nullable(),
  /** The visitor's contact: `id` null until their first message makes it (agent mode: the ticket's contact). */
  contact: z.object({ id: z.number().nullable(), name: safeText() }),
  /** Agent mode: the ticket shown. Customer mode: the visitor's live ticket, if any. */
  ticketId: z.number().nullable(),
  /** Agent mode: whether the partner user is the ticket's assignee (else read-only). Always true for visitors. */
  canReply: z.boolean(),
  /** Agent mode: the partner user. */
  user: z.object({ id: z.number(), name: safeText() }).nullable(),
})
export type WidgetSession = z.infer<typeof WidgetSession>

/* ---------- public configuration ---------- */

export const WidgetConnectionParams = z.object({ connectionId: Id })

/** `GET /api/widget/:connectionId/config` (no session needed): what the loader and the frame need first. */
export const WidgetConfig = z.object({
  connectionId: z.number(),
  /** The connection's name, shown in the panel's header. */
  name: safeText(),
  allowedOrigins: z.array(safeText()),
  verifiedOnly: z.boolean(),
  offlineEmail: z.boolean(),
  theme: WidgetTheme,
  /** Whether an agent of the connection's queues is online now (a socket connected). */
  online: z.boolean(),
})
export type WidgetConfig = z.infer<typeof WidgetConfig>

/* ---------- messages ---------- */

/** One message as the widget shows it. */
export const WidgetMessage = z.object({
  id: z.number(),
  ticketId: z.number(),
  /** The id the widget gave it when sending (idempotence); null for the desk's messages. */
  clientId: safeText().nullable(),
  /** True when the customer wrote it; false for the desk's side (agents, bots, greetings). */
  fromCustomer: z.boolean(),
  body: safeText(),
  mediaType: MediaType,
  /** Address of the attachment, readable with the session (`?t=`), or null. */
  mediaUrl: safeText().nullable(),
  ack: Ack,
  /** The agent who sent it (desk side), when one did. */
  agentName: safeText().nullable(),
  isDeleted: z.boolean(),
  createdAt: safeText(),
})
export type WidgetMessage = z.infer<typeof WidgetMessage>

/**
 * `GET /api/widget/messages?after=&before=&limit=`: the conversation, oldest first. `after` (a message
 * id) gives what came since, for the catch-up after a reconnect; `before` pages back into history.
 */
/** A message id to page from: a whole number up to the id column's largest (`ID_MAX`). */
const MessageCursor = (min: number) =>
  z.coerce
    .number({ error: m.invalid })
    .int({ error: m.invalid })
    .min(min, { error: m.invalid })
    .max(ID_MAX, { error: m.invalid })

export const WidgetMessagesQuery = z.object({
  after: MessageCursor(0).optional(),
  before: MessageCursor(1).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional().default(50),
})
export type WidgetMessagesQuery = z.input<typeof WidgetMessagesQuery>
export const WidgetMessagesResponse = z.object({ messages: z.array(WidgetMessage), hasMore: z.boolean() })
export type WidgetMessagesResponse = z.infer<typeof WidgetMessagesResponse>

/**
 * `POST /api/widget/messages` (JSON, or multipart with `medias` files and these fields). Sending the
 * same `clientId` again answers the message already stored: a retry after a dropped answer never doubles.
 */
export const WidgetSendRequest = z.object({
  clientId: safeText()
    .trim()
    .min(8, { error: m.invalid })
    .max(64, { error: m.invalid })
    .regex(/^[A-Za-z0-9_-]+$/, { error: m.invalid }),
  body: safeText().max(4096, { error: m.tooLong }).optional().default(''),
})
export type WidgetSendRequest = z.input<typeof WidgetSendRequest>
export const WidgetSendResponse = WidgetMessage
export type WidgetSendResponse = z.infer<typeof WidgetSendResponse>

/** `POST /api/widget/read {upTo}`: the reader has seen the desk's messages up to this id. */
export const WidgetReadRequest = z.object({ upTo: Id })
export type WidgetReadRequest = z.input<typeof WidgetReadRequest>

/**
 * `PUT /api/widget/contact`: the visitor leaves a name or an e-mail address (offline form), by the
 * desk's contact rules (name 2–50, a valid e-mail). They fill only what is empty (a name the desk made
 * up, no e-mail): a field already stored, by the visitor, the partner's token or an agent, stays.
 */
export const WidgetContactRequest = ContactUpdateRequest.pick({ name: true, email: true })
export type WidgetContactRequest = z.input<typeof WidgetContactRequest>
/** What the desk keeps for the visitor after the call (a field not theirs to fill shows its stored value). */
export const WidgetContactResponse = z.object({ name: safeText(), email: safeText().nullable() })
export type WidgetContactResponse = z.infer<typeof WidgetContactResponse>

/** `GET /api/widget/quick-answers?search=` (agent mode): the shortcuts for `/` in the composer. */
export const WidgetQuickAnswersQuery = z.object({ search: safeText().max(100).optional().default('') })
export const WidgetQuickAnswer = z.object({ id: z.number(), shortcut: safeText(), message: safeText() })
export type WidgetQuickAnswer = z.infer<typeof WidgetQuickAnswer>
export const WidgetQuickAnswersResponse = z.array(WidgetQuickAnswer)

/* ---------- socket ---------- */

/**
 * The frame's socket (`io(desk, { auth: { widgetToken } })`) is put in its conversation's room and hears
 * only these events. After a reconnect the frame asks `GET /messages?after=<last id>` and merges by id.
 */
export interface WidgetServerToClientEvents {
  'widget:message': (event: { action: 'create' | 'update'; message: WidgetMessage }) => void
  /** An agent came online or the last one left. */
  'widget:presence': (event: { online: boolean }) => void
  /** The session ended (expired, identity removed): the frame opens a new one or shows the error. */
  'widget:expired': () => void
}

export * from './widget-protocol'

/**
 * The routes of the embeddable widget: its own sessions, never the desk's,
 * on the methods and paths of `./paths/widget`.
 */
export const widgetRoutes = /* @__PURE__ */ defineRoutes(widgetPaths, () => ({
  widgetConfig: { params: WidgetConnectionParams, response: WidgetConfig },
  widgetSession: {
    params: WidgetConnectionParams,
    body: WidgetSessionRequest,
    response: WidgetSession,
  },
  widgetToken: { body: WidgetTokenRequest, response: WidgetTokenResponse },
  widgetMessages: { query: WidgetMessagesQuery, response: WidgetMessagesResponse },
  widgetSend: {
    body: WidgetSendRequest,
    multipart: WidgetSendRequest,
    response: WidgetSendResponse,
  },
  widgetRead: { body: WidgetReadRequest, ...noContent },
  widgetContact: { body: WidgetContactRequest, response: WidgetContactResponse },
  widgetQuickAnswers: {
    query: WidgetQuickAnswersQuery,
    response: WidgetQuickAnswersResponse,
  },
  widgetSecretGet: { params: IdParams, response: WidgetSecretResponse },
  widgetSecretRotate: { params: IdParams, response: WidgetSecretResponse },
}))
