import { z } from 'zod'
import { Flag, optionalText } from './common'
import { Connection, ConnectionSession, Driver } from './entities'
import { InstagramConfig, InstagramConfigPublic, InstagramConfigUpdate } from './instagram'
import { connectionsPaths } from './paths/connections'
import { defineRoutes, noContent } from './route'
import { TelephonyConfig, TelephonyConfigPublic, TelephonyConfigUpdate } from './telephony'
import { safeText } from './text'
import { boundedString, Id, IdParams, VALIDATION_MESSAGES } from './validation'
import { WebChatConfig, WebChatConfigPublic, WebChatConfigUpdate } from './widget'

/**
 * Connections (the seed's "whatsapp"): `GET/POST /whatsapp`, `GET/PUT/DELETE /whatsapp/:id`,
 * and the session calls `POST` (start / try again), `PUT` (new QR), `DELETE` (disconnect)
 * on `/whatsappsession/:id`.
 *
 * Driver secrets are write-only: requests may carry them, responses never do. The
 * response schemas below list only public fields and zod drops unknown keys, so a
 * server that serialises through them cannot leak a token stored on the row.
 */

const m = VALIDATION_MESSAGES

/** Greeting and farewell are multi-line texts; `{{name}}` is filled with the contact's name. */
export const CONNECTION_MESSAGE_MAX = 4096

const secret = (max = 1024) =>
  safeText({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(max, { error: m.tooLong })
    .regex(/^\S+$/, { error: m.invalid })

/**
 * Settings of the official WhatsApp Business Cloud API driver. On create all four
 * are required; on update a missing or empty secret keeps the stored one.
 */
export const CloudApiConfig = z.object({
  /** The business phone number id that the Graph API sends from. */
  phoneNumberId: safeText({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(64, { error: m.tooLong })
    .regex(/^\d+$/, { error: m.invalid }),
  /** Long-lived access token sent as a bearer token to the Graph API. */
  accessToken: secret(),
  /** The token the webhook handshake must echo (`hub.verify_token`). */
  verifyToken: secret(256),
  /** The app secret that signs webhook bodies (`X-Hub-Signature-256`). */
  appSecret: secret(256),
  /** The WhatsApp Business Account id, which the message templates are read from. */
  businessAccountId: safeText({ error: m.invalid })
    .trim()
    .max(64, { error: m.tooLong })
    .regex(/^\d*$/, { error: m.invalid })
    .optional()
    .transform((v) => v || undefined),
})
export type CloudApiConfig = z.infer<typeof CloudApiConfig>

/** An empty string means "keep what is stored". */
const keepIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional()

/** Update of the Cloud API settings: omit (or send empty) a secret to keep it. */
export const CloudApiConfigUpdate = z.object({
  phoneNumberId: keepIfEmpty(CloudApiConfig.shape.phoneNumberId),
  accessToken: keepIfEmpty(CloudApiConfig.shape.accessToken),
  verifyToken: keepIfEmpty(CloudApiConfig.shape.verifyToken),
  appSecret: keepIfEmpty(CloudApiConfig.shape.appSecret),
  businessAccountId: CloudApiConfig.shape.businessAccountId,
})
export type CloudApiConfigUpdate = z.input<typeof CloudApiConfigUpdate>

/** What a response says about the Cloud API settings: the public id and which secrets are set. */
export const CloudApiConfigPublic = z.object({
  phoneNumberId: safeText().nullable(),
  /** The WhatsApp Business Account id; null until set (templates cannot be read without it). */
  businessAccountId: safeText().nullable().optional(),
  hasAccessToken: z.boolean(),
  hasVerifyToken: z.boolean(),
  hasAppSecret: z.boolean(),
  /** Path (below the API's base URL) to register as the callback URL, e.g. `/webhooks/whatsapp/3`. */
  webhookPath: safeText(),
})
export type CloudApiConfigPublic = z.infer<typeof CloudApiConfigPublic>

const connectionFields = {
  name: boundedString(2, 50),
  greetingMessage: optionalText(CONNECTION_MESSAGE_MAX),
  farewellMessage: optionalText(CONNECTION_MESSAGE_MAX),
  isDefault: Flag,
  queueIds: z.array(Id).max(500, { error: m.tooLong }),
}

/**
 * `POST /whatsapp`: the connection dialog plus `queueIds` and the driver.
 * The driver defaults to the simulator; `cloudApi` is required for `cloud-api`.
 * The first connection becomes the default whatever `isDefault` says.
 */
export const ConnectionCreateRequest = z
  .object({
    ...connectionFields,
    isDefault: connectionFields.isDefault.optional().default(false),
    queueIds: connectionFields.queueIds.optional().default([]),
    driver: Driver.optional().default('simulator'),
    cloudApi: CloudApiConfig.optional(),
    /** Required for `webchat`: allowed origins, verified-only, offline e-mail, theme. */
    webChat: WebChatConfig.optional(),
    /** Required for `telephony`: the provider and its settings. */
    telephony: TelephonyConfig.optional(),
    /** Required for `instagram`: the provider, the professional account and its secrets. */
    instagram: InstagramConfig.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.driver === 'telephony' && !v.telephony) {
      ctx.addIssue({ code: 'custom', path: ['telephony'], message: m.required })
    }
    if (v.driver === 'instagram' && !v.instagram) {
      ctx.addIssue({ code: 'custom', path: ['instagram'], message: m.required })
    }
    if (v.driver === 'cloud-api' && !v.cloudApi) {
      ctx.addIssue({ code: 'custom', path: ['cloudApi'], message: m.required })
    }
    if (v.driver === 'webchat' && !v.webChat) {
      ctx.addIssue({ code: 'custom', path: ['webChat'], message: m.required })
    }
  })
export type ConnectionCreateRequest = z.input<typeof ConnectionCreateRequest>
export type ConnectionCreateData = z.output<typeof ConnectionCreateRequest>

/**
 * `PUT /whatsapp/:id`: every field optional. The driver of an existing connection
 * cannot change (delete and create instead); its settings can. The seed's clients send
 * back the whole `GET /whatsapp/:id` answer with their changes: read-only fields (`id`,
 * `status`, `qrcode`, `retries`, `queues`, `driver`, dates …) are ignored, and
 * `cloudApi: null` (what the answer holds for other drivers) means "unchanged".
 */
export const ConnectionUpdateRequest = z.object({
  name: connectionFields.name.optional(),
  greetingMessage: connectionFields.greetingMessage,
  farewellMessage: connectionFields.farewellMessage,
  isDefault: connectionFields.isDefault.optional(),
  queueIds: connectionFields.queueIds.optional(),
  cloudApi: CloudApiConfigUpdate.nullable()
    .optional()
    .transform((v) => v ?? undefined),
  /** `null` (what the answer holds for other drivers) means "unchanged". */
  webChat: WebChatConfigUpdate.nullable()
    .optional()
    .transform((v) => v ?? undefined),
  /** `null` (what the answer holds for other drivers) means "unchanged"; an empty Auth Token keeps it. */
  telephony: TelephonyConfigUpdate.nullable()
    .optional()
    .transform((v) => v ?? undefined),
  /** `null` (what the answer holds for other drivers) means "unchanged"; an empty secret keeps it. */
  instagram: InstagramConfigUpdate.nullable()
    .optional()
    .transform((v) => v ?? undefined),
})
export type ConnectionUpdateRequest = z.input<typeof ConnectionUpdateRequest>
export type ConnectionUpdateData = z.output<typeof ConnectionUpdateRequest>

/** One connection with its public driver settings (`GET /whatsapp/:id`, create and update answers). */
export const ConnectionDetail = Connection.extend({
  cloudApi: CloudApiConfigPublic.nullable().optional(),
  webChat: WebChatConfigPublic.nullable().optional(),
  telephony: TelephonyConfigPublic.nullable().optional(),
  instagram: InstagramConfigPublic.nullable().optional(),
})
export type ConnectionDetail = z.infer<typeof ConnectionDetail>

/** `GET /whatsapp/`: every connection, default first. */
export const ConnectionListResponse = z.array(Connection)
export type ConnectionListResponse = z.infer<typeof ConnectionListResponse>
export const ConnectionResponse = ConnectionDetail
export type ConnectionResponse = z.infer<typeof ConnectionResponse>

/** `POST|PUT|DELETE /whatsappsession/:id` answer with the session as it now is. */
export const SESSION_ACTIONS = { POST: 'start', PUT: 'newQr', DELETE: 'disconnect' } as const
export const ConnectionSessionResponse = ConnectionSession
export type ConnectionSessionResponse = z.infer<typeof ConnectionSessionResponse>

/** Strips secrets from any object shaped like a connection (server-side helper for logs and answers). */
export const toPublicConnection = (value: unknown): ConnectionDetail => ConnectionDetail.parse(value)

/**
 * The routes of connections (`/whatsapp`) and their sessions (`/whatsappsession/:id`),
 * on the methods and paths of `./paths/connections`.
 */
export const connectionsRoutes = /* @__PURE__ */ defineRoutes(connectionsPaths, () => ({
  connectionList: { response: ConnectionListResponse },
  connectionGet: { params: IdParams, response: ConnectionResponse },
  connectionCreate: { body: ConnectionCreateRequest, response: ConnectionResponse },
  connectionUpdate: {
    params: IdParams,
    body: ConnectionUpdateRequest,
    response: ConnectionResponse,
  },
  connectionDelete: { params: IdParams, ...noContent },
  sessionStart: { params: IdParams, response: ConnectionSessionResponse },
  sessionNewQr: { params: IdParams, response: ConnectionSessionResponse },
  sessionDisconnect: { params: IdParams, response: ConnectionSessionResponse },
}))
