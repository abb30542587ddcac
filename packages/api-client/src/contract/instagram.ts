import { z } from 'zod'
import { safeText } from './text'
import { Id, VALIDATION_MESSAGES } from './validation'

/**
 * Instagram connections (`driver: 'instagram'`): direct messages through Meta's Instagram API with
 * Instagram Login (`graph`), or the same with no account on the simulated network (`simulator`).
 * The professional account's id, an access token, the app secret that signs the webhook's bodies and the
 * verify token of its handshake; the secrets are write-only (answers say which are set).
 */

const m = VALIDATION_MESSAGES

export const INSTAGRAM_PROVIDERS = ['graph', 'simulator'] as const
export const InstagramProvider = z.enum(INSTAGRAM_PROVIDERS, { error: m.invalid })
export type InstagramProvider = z.infer<typeof InstagramProvider>

const secret = (max: number) =>
  safeText({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(max, { error: m.tooLong })
    .regex(/^\S+$/, { error: m.invalid })

/** An empty string means "none" (optional fields) or "keep what is stored" (secrets on update). */
const emptyAsUndefined = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional()

/** The professional account's id (digits), which the Graph API sends from and the webhook names. */
export const InstagramAccountId = safeText({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(64, { error: m.tooLong })
  .regex(/^\d+$/, { error: m.invalid })

/**
 * Settings of an Instagram connection on create. `graph` needs all four; the simulator needs none (its
 * account id, when given, names it in the simulated webhook).
 */
export const InstagramConfig = z
  .object({
    provider: InstagramProvider.optional().default('graph'),
    accountId: emptyAsUndefined(InstagramAccountId),
    accessToken: emptyAsUndefined(secret(1024)),
    appSecret: emptyAsUndefined(secret(256)),
    verifyToken: emptyAsUndefined(secret(256)),
  })
  .superRefine((v, ctx) => {
    if (v.provider !== 'graph') return
    for (const key of ['accountId', 'accessToken', 'appSecret', 'verifyToken'] as const) {
      if (!v[key]) ctx.addIssue({ code: 'custom', path: [key], message: m.required })
    }
  })
export type InstagramConfig = z.input<typeof InstagramConfig>
export type InstagramConfigData = z.output<typeof InstagramConfig>

/** `PUT /whatsapp/:id` of an Instagram connection: omit (or send empty) a field to keep it; the provider stays. */
export const InstagramConfigUpdate = z.object({
  accountId: emptyAsUndefined(InstagramAccountId),
  accessToken: emptyAsUndefined(secret(1024)),
  appSecret: emptyAsUndefined(secret(256)),
  verifyToken: emptyAsUndefined(secret(256)),
})
export type InstagramConfigUpdate = z.input<typeof InstagramConfigUpdate>
export type InstagramConfigUpdateData = z.output<typeof InstagramConfigUpdate>

/** What answers say of the settings: the public id, which secrets are set, and the webhook's path. */
export const InstagramConfigPublic = z.object({
  provider: InstagramProvider,
  accountId: safeText().nullable(),
  hasAccessToken: z.boolean(),
  hasAppSecret: z.boolean(),
  hasVerifyToken: z.boolean(),
  /** Path below the API's base URL to register as the webhook's callback, e.g. `/webhooks/instagram/3`. */
  webhookPath: safeText(),
})
export type InstagramConfigPublic = z.infer<typeof InstagramConfigPublic>

/**
 * Meta's webhook for Instagram messaging (`object: 'instagram'`). Only what the desk reads is typed;
 * the rest passes through (the signature covers the raw body anyway).
 */
const InstagramAttachment = z.looseObject({
  type: safeText(),
  payload: z.looseObject({ url: safeText().optional() }).optional(),
})
export const InstagramMessaging = z.looseObject({
  sender: z.looseObject({ id: safeText() }),
  recipient: z.looseObject({ id: safeText() }),
  timestamp: z.number().optional(),
  message: z
    .looseObject({
      mid: safeText(),
      text: safeText().optional(),
      is_echo: z.boolean().optional(),
      is_deleted: z.boolean().optional(),
      is_unsupported: z.boolean().optional(),
      attachments: z.array(InstagramAttachment).optional(),
      reply_to: z
        .looseObject({
          mid: safeText().optional(),
          story: z.looseObject({ url: safeText().optional(), id: safeText().optional() }).optional(),
        })
        .optional(),
    })
    .optional(),
})
export type InstagramMessaging = z.infer<typeof InstagramMessaging>
export const InstagramWebhookPayload = z.looseObject({
  object: safeText(),
  entry: z.array(
    z.looseObject({
      id: safeText(),
      time: z.number().optional(),
      messaging: z.array(InstagramMessaging).optional(),
    }),
  ),
})
export type InstagramWebhookPayload = z.infer<typeof InstagramWebhookPayload>

export const InstagramWebhookParams = z.object({ connectionId: Id })
export type InstagramWebhookParams = z.infer<typeof InstagramWebhookParams>

/** A user name as people write it: `@` optional, letters, digits, dots and underscores, 1 to 30. */
export const INSTAGRAM_USERNAME = /^@?[A-Za-z0-9._]{1,30}$/

/** A user name as the desk keeps and compares it: no `@`, lower case. */
export const normalUsername = (name: string) => name.trim().replace(/^@/, '').toLowerCase()

/**
 * Why a line of a direct job cannot be messaged: the desk never saw that user name on the connection
 * (`unknownUser`: Instagram lets a business write only to people who wrote first), or their reply window
 * has closed (`windowClosed`: 24 hours after their last message; a job is no human agent's reply).
 */
export const DIRECT_SKIP_REASONS = ['unknownUser', 'windowClosed'] as const
export type DirectSkipReason = (typeof DIRECT_SKIP_REASONS)[number]

/** One line of a direct job as the desk reads it now: reachable, or why not. */
export const DirectRecipientCheck = z.object({
  entry: safeText(),
  state: z.enum(['reachable', 'unknownUser', 'windowClosed', 'duplicate']),
  /** The customer's name on the desk, when known. */
  name: safeText().nullable(),
  /** Reachable: until when the window stays open. Closed: when it closed. */
  until: safeText().nullable(),
})
export type DirectRecipientCheck = z.infer<typeof DirectRecipientCheck>

/** `POST /instagram/direct/estimate`: the page's lines and connection. */
export const DirectEstimateRequest = z.object({
  ticketwhatsappId: Id.optional(),
  userIg: z
    .union([safeText(), z.array(safeText())])
    .transform((v) => (Array.isArray(v) ? v : v.split(/\r?\n/)).map((l) => l.trim()).filter(Boolean)),
})
export type DirectEstimateRequest = z.input<typeof DirectEstimateRequest>
export const DirectEstimateResponse = z.object({
  connectionId: z.number().nullable(),
  total: z.number().int().nonnegative(),
  reachable: z.number().int().nonnegative(),
  recipients: z.array(DirectRecipientCheck),
})
export type DirectEstimateResponse = z.infer<typeof DirectEstimateResponse>

/**
 * `POST /simulator/:connectionId/instagram`: a simulated Instagram customer writes to an Instagram
 * connection on the Simulator provider, as Meta's webhook would bring it.
 */
export const SimulatorInstagramInboundRequest = z.object({
  username: safeText({ error: m.required }).trim().regex(INSTAGRAM_USERNAME, { error: m.invalid }),
  name: safeText({ error: m.invalid }).trim().max(100, { error: m.tooLong }).optional(),
  body: safeText({ error: m.invalid }).max(1000, { error: m.tooLong }).optional().default(''),
  /** A reply to the business's story, or a mention of it in the customer's story, with the story's link. */
  story: z
    .object({ kind: z.enum(['reply', 'mention']), url: safeText().url({ error: m.invalid }).max(2000) })
    .optional(),
  providerMessageId: safeText().trim().min(1).max(200).optional(),
})
export type SimulatorInstagramInboundRequest = z.input<typeof SimulatorInstagramInboundRequest>
export type SimulatorInstagramInboundData = z.output<typeof SimulatorInstagramInboundRequest>
