import { z } from 'zod'
import type { Ack } from './entities'
import { webhooksPaths } from './paths/webhooks'
import { defineRoutes } from './route'
import { safeText } from './text'
import { Id } from './validation'

/**
 * The WhatsApp Business Cloud API webhook, `GET|POST /webhooks/whatsapp/:connectionId`.
 * Only the subset the desk reads is typed; unknown fields pass through untouched
 * (Meta adds fields over time and the signature covers the raw body anyway).
 */

export const WebhookParams = z.object({ connectionId: Id })
export type WebhookParams = z.infer<typeof WebhookParams>

/**
 * `GET` verification handshake: answer `hub.challenge` as plain text when the mode is
 * `subscribe` and the token matches the connection's verify token, else 403.
 */
export const WebhookVerifyQuery = z.object({
  'hub.mode': z.literal('subscribe'),
  'hub.verify_token': safeText().min(1).max(256),
  'hub.challenge': safeText().min(1).max(256),
})
export type WebhookVerifyQuery = z.infer<typeof WebhookVerifyQuery>

/** `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export const SIGNATURE_HEADER = 'x-hub-signature-256'
export const WebhookSignature = safeText().regex(/^sha256=[0-9a-f]{64}$/i)

const Media = z.looseObject({
  id: safeText(),
  mime_type: safeText().optional(),
  sha256: safeText().optional(),
  caption: safeText().optional(),
  filename: safeText().optional(),
  voice: z.boolean().optional(),
})
export type CloudMedia = z.infer<typeof Media>

export const CloudContactCard = z.looseObject({
  name: z.looseObject({ formatted_name: safeText().optional(), first_name: safeText().optional() }).optional(),
  phones: z.array(z.looseObject({ phone: safeText().optional(), wa_id: safeText().optional() })).optional(),
})
export type CloudContactCard = z.infer<typeof CloudContactCard>

/** An inbound message. `type` says which of the optional parts is present. */
export const CloudInboundMessage = z.looseObject({
  from: safeText(),
  id: safeText(),
  /** Unix seconds, as a string. */
  timestamp: safeText(),
  type: safeText(),
  text: z.looseObject({ body: safeText() }).optional(),
  image: Media.optional(),
  audio: Media.optional(),
  video: Media.optional(),
  document: Media.optional(),
  sticker: Media.optional(),
  location: z
    .looseObject({
      latitude: z.number(),
      longitude: z.number(),
      name: safeText().optional(),
      address: safeText().optional(),
      url: safeText().optional(),
    })
    .optional(),
  contacts: z.array(CloudContactCard).optional(),
  /** Set on replies: the quoted message's id. */
  context: z.looseObject({ from: safeText().optional(), id: safeText().optional() }).optional(),
  reaction: z.looseObject({ message_id: safeText(), emoji: safeText().optional() }).optional(),
})
export type CloudInboundMessage = z.infer<typeof CloudInboundMessage>

export const CloudStatus = z.looseObject({
  /** The id of the message the desk sent. */
  id: safeText(),
  status: safeText(),
  timestamp: safeText(),
  recipient_id: safeText(),
  errors: z.array(z.looseObject({ code: z.number(), title: safeText().optional() })).optional(),
})
export type CloudStatus = z.infer<typeof CloudStatus>

export const CloudSenderProfile = z.looseObject({
  wa_id: safeText(),
  profile: z.looseObject({ name: safeText().optional() }).optional(),
})
export type CloudSenderProfile = z.infer<typeof CloudSenderProfile>

export const CloudChangeValue = z.looseObject({
  messaging_product: safeText().optional(),
  metadata: z.looseObject({ display_phone_number: safeText().optional(), phone_number_id: safeText() }),
  contacts: z.array(CloudSenderProfile).optional(),
  messages: z.array(CloudInboundMessage).optional(),
  statuses: z.array(CloudStatus).optional(),
})
export type CloudChangeValue = z.infer<typeof CloudChangeValue>

/**
 * A `message_template_status_update` change (the business account's field): a template was approved,
 * rejected, paused, disabled … (`event`), with the reason where there is one.
 */
export const CloudTemplateStatusValue = z.looseObject({
  event: safeText(),
  message_template_id: z.union([z.number(), safeText()]).transform(String),
  message_template_name: safeText().optional(),
  message_template_language: safeText().optional(),
  reason: safeText().nullable().optional(),
})
export type CloudTemplateStatusValue = z.infer<typeof CloudTemplateStatusValue>

export const TEMPLATE_STATUS_FIELD = 'message_template_status_update'

/** `POST` body. */
export const CloudWebhookPayload = z.looseObject({
  object: safeText(),
  entry: z.array(
    z.looseObject({
      id: safeText(),
      changes: z.array(
        z.union([
          z.looseObject({ field: z.literal(TEMPLATE_STATUS_FIELD), value: CloudTemplateStatusValue }),
          z.looseObject({ field: safeText(), value: CloudChangeValue }),
        ]),
      ),
    }),
  ),
})
export type CloudWebhookPayload = z.infer<typeof CloudWebhookPayload>

/** The desk's ack for a Cloud API status; `null` for `failed` (and unknown ones), which set the message's error. */
export const cloudStatusToAck = (status: string): Ack | null =>
  ({ sent: 1, delivered: 2, read: 3, played: 4 })[status] ?? null

/**
 * The routes of cloud API webhooks: the verification handshake and the deliveries,
 * on the methods and paths of `./paths/webhooks`.
 */
export const webhooksRoutes = /* @__PURE__ */ defineRoutes(webhooksPaths, () => ({
  webhookVerify: { params: WebhookParams, query: WebhookVerifyQuery, answers: 'text' },
  webhookReceive: { params: WebhookParams, rawBody: true, body: CloudWebhookPayload },
}))
