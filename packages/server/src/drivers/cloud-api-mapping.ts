import { createHmac, timingSafeEqual } from 'node:crypto'
import {
  type Ack,
  type CloudChangeValue,
  type CloudInboundMessage,
  cloudStatusToAck,
  digitsOnly,
  type ErrorCode,
  formatLocationBody,
  formatVcardBody,
  locationLink,
  type MediaType,
} from '@desk/api-client'
import { graphRefusalCode } from './cloud-templates'
import type { InboundMessage } from './types'

/**
 * The pure parts of the WhatsApp Business Cloud API driver: the webhook's signature and the mapping of
 * what a webhook delivery carries into the desk's terms. No network, no state.
 */

/**
 * Checks `X-Hub-Signature-256` (`sha256=` + hex HMAC-SHA256 of the raw body with the app
 * secret) in constant time. A missing or malformed header is a mismatch.
 */
export const verifyCloudSignature = (rawBody: Buffer, header: string | undefined, appSecret: string): boolean => {
  const match = /^sha256=([0-9a-f]{64})$/i.exec(header?.trim() ?? '')
  if (!match?.[1] || !appSecret) return false
  const expected = createHmac('sha256', appSecret).update(rawBody).digest()
  const given = Buffer.from(match[1], 'hex')
  return given.length === expected.length && timingSafeEqual(given, expected)
}

/** Signs a body as Meta does (for tests and tools that replay payloads). */
export const signCloudBody = (rawBody: string | Buffer, appSecret: string) =>
  `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`

/** Media that the webhook only names by id; the driver downloads it through the Graph API. */
export interface CloudMediaRef {
  id: string
  mimeType?: string
  fileName?: string
}

export type MappedCloudMessage = Omit<InboundMessage, 'media'> & { mediaRef?: CloudMediaRef }

export interface MappedCloudStatus {
  providerMessageId: string
  /** null for `failed` (and statuses the desk does not know). */
  ack: Ack | null
  failed: boolean
  /** For a failed send: what the Graph API's error code means to the agent (131047: the window closed …). */
  errorCode?: ErrorCode
}

const MEDIA_KINDS: Record<string, MediaType> = {
  image: 'image',
  sticker: 'image',
  audio: 'audio',
  video: 'video',
  document: 'other',
}

const locationBody = (location: NonNullable<CloudInboundMessage['location']>) =>
  formatLocationBody({
    link:
      location.url && /^https?:\/\//i.test(location.url)
        ? location.url
        : locationLink(location.latitude, location.longitude),
    description: [location.name, location.address].filter(Boolean).join('\n') || null,
  })

/** Text of the interactive kinds (button replies, list picks), which the desk shows as plain text. */
const interactiveText = (message: CloudInboundMessage): string | undefined => {
  const loose = message as Record<string, unknown> & {
    button?: { text?: string }
    interactive?: { button_reply?: { title?: string }; list_reply?: { title?: string } }
  }
  return loose.button?.text ?? loose.interactive?.button_reply?.title ?? loose.interactive?.list_reply?.title
}

/**
 * One inbound Cloud API message in the desk's terms, or null for what the desk does not
 * store (reactions, unsupported or system messages).
 */
export const mapCloudMessage = (message: CloudInboundMessage, profileName?: string): MappedCloudMessage | null => {
  const base = {
    providerMessageId: message.id,
    from: digitsOnly(message.from),
    name: profileName,
    isGroup: false,
    quotedProviderMessageId: message.context?.id,
  }
  const kind = MEDIA_KINDS[message.type]
  if (kind) {
    const media = message[message.type as 'image' | 'sticker' | 'audio' | 'video' | 'document']
    if (!media) return null
    return {
      ...base,
      body: media.caption ?? '',
      mediaType: kind,
      mediaRef: { id: media.id, mimeType: media.mime_type, fileName: media.filename },
    }
  }
  switch (message.type) {
    case 'text':
      return message.text ? { ...base, body: message.text.body, mediaType: 'chat' } : null
    case 'location':
      return message.location ? { ...base, body: locationBody(message.location), mediaType: 'location' } : null
    case 'contacts': {
      const card = message.contacts?.[0]
      if (!card) return null
      const phone = card.phones?.find((p) => p.wa_id || p.phone)
      const name = card.name?.formatted_name ?? card.name?.first_name ?? phone?.phone ?? ''
      return {
        ...base,
        body: formatVcardBody({ name, number: phone?.wa_id ?? phone?.phone ?? null }),
        mediaType: 'vcard',
      }
    }
    case 'button':
    case 'interactive': {
      const text = interactiveText(message)
      return text ? { ...base, body: text, mediaType: 'chat' } : null
    }
    default:
      return null
  }
}

/** What one webhook change carries: messages (with the senders' profile names) and statuses. */
export const mapCloudChange = (value: CloudChangeValue) => {
  const names = new Map((value.contacts ?? []).map((c) => [digitsOnly(c.wa_id), c.profile?.name]))
  const messages = (value.messages ?? [])
    .map((m) => mapCloudMessage(m, names.get(digitsOnly(m.from)) ?? undefined))
    .filter((m): m is MappedCloudMessage => m !== null)
  const statuses: MappedCloudStatus[] = (value.statuses ?? []).map((s) => ({
    providerMessageId: s.id,
    ack: cloudStatusToAck(s.status),
    failed: s.status === 'failed',
    ...(s.status === 'failed' ? { errorCode: graphRefusalCode(s.errors?.[0]?.code) ?? undefined } : {}),
  }))
  return { messages, statuses }
}
