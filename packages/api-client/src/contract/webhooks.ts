import { z } from 'zod'
import type { Ack } from './entities'
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
  'hub.verify_token': z.string().min(1).max(256),
  'hub.challenge': z.string().min(1).max(256),
})
export type WebhookVerifyQuery = z.infer<typeof WebhookVerifyQuery>

/** `sha256=` and the hex HMAC-SHA256 of the raw body with the app secret. */
export const SIGNATURE_HEADER = 'x-hub-signature-256'
export const WebhookSignature = z.string().regex(/^sha256=[0-9a-f]{64}$/i)

const Media = z.looseObject({
  id: z.string(),
  mime_type: z.string().optional(),
  sha256: z.string().optional(),
  caption: z.string().optional(),
  filename: z.string().optional(),
  voice: z.boolean().optional(),
})
export type CloudMedia = z.infer<typeof Media>

export const CloudContactCard = z.looseObject({
  name: z.looseObject({ formatted_name: z.string().optional(), first_name: z.string().optional() }).optional(),
  phones: z.array(z.looseObject({ phone: z.string().optional(), wa_id: z.string().optional() })).optional(),
})
export type CloudContactCard = z.infer<typeof CloudContactCard>

/** An inbound message. `type` says which of the optional parts is present. */
export const CloudInboundMessage = z.looseObject({
  from: z.string(),
  id: z.string(),
  /** Unix seconds, as a string. */
  timestamp: z.string(),
  type: z.string(),
  text: z.looseObject({ body: z.string() }).optional(),
  image: Media.optional(),
  audio: Media.optional(),
  video: Media.optional(),
  document: Media.optional(),
  sticker: Media.optional(),
  location: z
    .looseObject({
      latitude: z.number(),
      longitude: z.number(),
      name: z.string().optional(),
      address: z.string().optional(),
      url: z.string().optional(),
    })
    .optional(),
  contacts: z.array(CloudContactCard).optional(),
  /** Set on replies: the quoted message's id. */
  context: z.looseObject({ from: z.string().optional(), id: z.string().optional() }).optional(),
  reaction: z.looseObject({ message_id: z.string(), emoji: z.string().optional() }).optional(),
})
export type CloudInboundMessage = z.infer<typeof CloudInboundMessage>

export const CloudStatus = z.looseObject({
  /** The id of the message the desk sent. */
  id: z.string(),
  status: z.string(),
  timestamp: z.string(),
  recipient_id: z.string(),
  errors: z.array(z.looseObject({ code: z.number(), title: z.string().optional() })).optional(),
})
export type CloudStatus = z.infer<typeof CloudStatus>

export const CloudSenderProfile = z.looseObject({
  wa_id: z.string(),
  profile: z.looseObject({ name: z.string().optional() }).optional(),
})
export type CloudSenderProfile = z.infer<typeof CloudSenderProfile>

export const CloudChangeValue = z.looseObject({
  messaging_product: z.string().optional(),
  metadata: z.looseObject({ display_phone_number: z.string().optional(), phone_number_id: z.string() }),
  contacts: z.array(CloudSenderProfile).optional(),
  messages: z.array(CloudInboundMessage).optional(),
  statuses: z.array(CloudStatus).optional(),
})
export type CloudChangeValue = z.infer<typeof CloudChangeValue>

/** `POST` body. */
export const CloudWebhookPayload = z.looseObject({
  object: z.string(),
  entry: z.array(
    z.looseObject({
      id: z.string(),
      changes: z.array(z.looseObject({ field: z.string(), value: CloudChangeValue })),
    }),
  ),
})
export type CloudWebhookPayload = z.infer<typeof CloudWebhookPayload>

/** The desk's ack for a Cloud API status; `null` for `failed` (and unknown ones), which set the message's error. */
export const cloudStatusToAck = (status: string): Ack | null =>
  ({ sent: 1, delivered: 2, read: 3, played: 4 })[status] ?? null
