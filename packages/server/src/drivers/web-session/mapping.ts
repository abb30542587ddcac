import { type Ack, digitsOnly, formatLocationBody, locationLink, type MediaType } from '@desk/api-client'
import type { ConnectionState, MessageUserReceiptUpdate, WAMessage, WAMessageUpdate } from '@whiskeysockets/baileys'
import type { InboundMessage, StatusUpdate } from '../types'

/**
 * The pure half of the web-session driver: what the web client library reports (connection
 * updates, messages, receipts) in the desk's terms. Nothing here opens a socket, so it is
 * tested on recorded objects.
 */

/* ---------- addresses ---------- */

export const GROUP_SUFFIX = '@g.us'
export const USER_SUFFIX = '@s.whatsapp.net'

export const isGroupJid = (jid: string | null | undefined) => Boolean(jid?.endsWith(GROUP_SUFFIX))

/** `5511999990000:12@s.whatsapp.net` → `5511999990000`; group ids keep only their digits. */
export const jidToNumber = (jid: string | null | undefined): string => {
  if (!jid) return ''
  const [user = ''] = jid.split('@')
  return digitsOnly(user.split(':')[0] ?? '')
}

/** Prefers the phone-number address when the network gives an anonymous one (`@lid`) with it. */
export const phoneJid = (jid: string | null | undefined, alt: string | null | undefined) =>
  jid?.endsWith('@lid') && alt ? alt : (jid ?? '')

/**
 * The address to send to. An address learned from the conversation wins; else a phone number
 * (at most 15 digits, E.164) is a person and anything longer a group.
 */
export const numberToJid = (number: string, known?: string): string => {
  if (known) return known
  if (number.includes('@')) return number
  const digits = digitsOnly(number)
  return digits.length > 15 ? `${digits}${GROUP_SUFFIX}` : `${digits}${USER_SUFFIX}`
}

/* ---------- connection ---------- */

/** Close codes the library reports (its `DisconnectReason`). */
export const CLOSE_CODES = {
  loggedOut: 401,
  forbidden: 403,
  timedOut: 408,
  connectionReplaced: 440,
  badSession: 500,
  restartRequired: 515,
} as const

export interface ConnectionStep {
  /** What the connection now shows, if anything changed. */
  status?: StatusUpdate
  /** Open a new socket (a dropped link, or the restart the network asks for right after pairing). */
  reconnect?: boolean
  /** The pairing is gone: forget the stored credentials. */
  forgetPairing?: boolean
}

const closeCode = (update: Partial<ConnectionState>): number | undefined => {
  const error = update.lastDisconnect?.error as { output?: { statusCode?: number } } | undefined
  return error?.output?.statusCode
}

/**
 * One `connection.update` as a step of the desk's status lifecycle:
 * a QR code → `qrcode` (TIMEOUT once more than `maxQrCodes` went unscanned);
 * open → CONNECTED; the restart asked for right after a scan → PAIRING and reconnect;
 * logged out or refused → DISCONNECTED and the pairing forgotten; an unanswered QR → TIMEOUT;
 * any other close → DISCONNECTED and reconnect while the session was paired.
 */
export const mapConnectionUpdate = (
  update: Partial<ConnectionState>,
  state: { qrCodesShown: number; maxQrCodes: number; paired: boolean },
): ConnectionStep => {
  if (update.qr) {
    if (state.qrCodesShown >= state.maxQrCodes) {
      return { status: { status: 'TIMEOUT', qrcode: null, retries: state.qrCodesShown } }
    }
    return { status: { status: 'qrcode', qrcode: update.qr, retries: state.qrCodesShown } }
  }
  if (update.connection === 'open') return { status: { status: 'CONNECTED', qrcode: null, retries: 0 } }
  if (update.connection !== 'close') return {}
  const code = closeCode(update)
  switch (code) {
    case CLOSE_CODES.restartRequired:
      return { status: { status: 'PAIRING', qrcode: null }, reconnect: true }
    case CLOSE_CODES.loggedOut:
    case CLOSE_CODES.forbidden:
    case CLOSE_CODES.badSession:
      return { status: { status: 'DISCONNECTED', qrcode: null }, forgetPairing: true }
    case CLOSE_CODES.connectionReplaced:
      // Another desk took over this session: fighting it would only loop.
      return { status: { status: 'DISCONNECTED', qrcode: null } }
    case CLOSE_CODES.timedOut:
      if (!state.paired) return { status: { status: 'TIMEOUT', qrcode: null, retries: state.qrCodesShown } }
      return { status: { status: 'DISCONNECTED', qrcode: null }, reconnect: true }
    default:
      return { status: { status: 'DISCONNECTED', qrcode: null }, reconnect: state.paired }
  }
}

/* ---------- messages ---------- */

type Content = NonNullable<WAMessage['message']>

/** Wrappers the network puts around the real content (disappearing, view-once, captioned documents …). */
export const unwrapContent = (content: Content | null | undefined): Content | undefined => {
  let current = content ?? undefined
  for (let depth = 0; current && depth < 5; depth += 1) {
    const inner =
      current.ephemeralMessage?.message ??
      current.viewOnceMessage?.message ??
      current.viewOnceMessageV2?.message ??
      current.viewOnceMessageV2Extension?.message ??
      current.documentWithCaptionMessage?.message ??
      current.editedMessage?.message
    if (!inner) break
    current = inner
  }
  return current
}

/** Media the driver downloads with the library, described by where it sits in the message. */
export interface WebMediaRef {
  mimeType?: string
  fileName?: string
}

export type MappedWebMessage = Omit<InboundMessage, 'media'> & { mediaRef?: WebMediaRef }

const thumbnailSrc = (jpeg: Uint8Array | string | null | undefined) => {
  if (!jpeg || jpeg.length === 0) return null
  const base64 = typeof jpeg === 'string' ? jpeg : Buffer.from(jpeg).toString('base64')
  return `data:image/jpeg;base64,${base64}`
}

/** The body, kind and media of a message's content; null for what the desk does not store. */
export const mapContent = (
  content: Content,
): { body: string; mediaType: MediaType; mediaRef?: WebMediaRef; quoted?: string | null } | null => {
  if (typeof content.conversation === 'string' && content.conversation) {
    return { body: content.conversation, mediaType: 'chat' }
  }
  if (content.extendedTextMessage?.text) {
    return {
      body: content.extendedTextMessage.text,
      mediaType: 'chat',
      quoted: content.extendedTextMessage.contextInfo?.stanzaId,
    }
  }
  const image = content.imageMessage ?? content.stickerMessage
  if (image) {
    return {
      body: content.imageMessage?.caption ?? '',
      mediaType: 'image',
      mediaRef: { mimeType: image.mimetype ?? undefined },
      quoted: image.contextInfo?.stanzaId,
    }
  }
  if (content.videoMessage) {
    return {
      body: content.videoMessage.caption ?? '',
      mediaType: 'video',
      mediaRef: { mimeType: content.videoMessage.mimetype ?? undefined },
      quoted: content.videoMessage.contextInfo?.stanzaId,
    }
  }
  if (content.audioMessage) {
    return {
      body: '',
      mediaType: 'audio',
      mediaRef: { mimeType: content.audioMessage.mimetype ?? undefined },
      quoted: content.audioMessage.contextInfo?.stanzaId,
    }
  }
  if (content.documentMessage) {
    const doc = content.documentMessage
    return {
      body: doc.caption ?? '',
      mediaType: 'other',
      mediaRef: { mimeType: doc.mimetype ?? undefined, fileName: doc.fileName ?? doc.title ?? undefined },
      quoted: doc.contextInfo?.stanzaId,
    }
  }
  const location = content.locationMessage ?? content.liveLocationMessage
  if (location) {
    const latitude = location.degreesLatitude ?? 0
    const longitude = location.degreesLongitude ?? 0
    const place = content.locationMessage
    return {
      body: formatLocationBody({
        imageUrl: thumbnailSrc(location.jpegThumbnail),
        link: place?.url && /^https?:\/\//i.test(place.url) ? place.url : locationLink(latitude, longitude),
        description:
          [place?.name, place?.address].filter(Boolean).join('\n') || content.liveLocationMessage?.caption || null,
      }),
      mediaType: 'location',
      quoted: location.contextInfo?.stanzaId,
    }
  }
  const card = content.contactMessage ?? content.contactsArrayMessage?.contacts?.[0]
  if (card?.vcard) {
    return { body: card.vcard, mediaType: 'vcard', quoted: card.contextInfo?.stanzaId }
  }
  return null
}

/**
 * A message from `messages.upsert` as the desk stores it, or null when it is not for the
 * desk: sent from this account, status broadcasts, newsletters, protocol messages,
 * reactions and kinds the desk does not show.
 */
export const mapWebMessage = (message: WAMessage): MappedWebMessage | null => {
  const key = message.key
  const remote = key.remoteJid ?? ''
  if (!key.id || key.fromMe || !remote) return null
  if (remote === 'status@broadcast' || remote.endsWith('@newsletter') || remote.endsWith('@broadcast')) return null
  const content = unwrapContent(message.message)
  if (!content) return null
  const mapped = mapContent(content)
  if (!mapped) return null
  const isGroup = isGroupJid(remote)
  const sender = isGroup ? phoneJid(key.participant, key.participantAlt) : phoneJid(remote, key.remoteJidAlt)
  const from = jidToNumber(sender)
  if (!from) return null
  return {
    providerMessageId: key.id,
    from,
    name: message.pushName ?? undefined,
    isGroup,
    groupId: isGroup ? jidToNumber(remote) : undefined,
    body: mapped.body,
    mediaType: mapped.mediaType,
    mediaRef: mapped.mediaRef,
    quotedProviderMessageId: mapped.quoted ?? undefined,
  }
}

/** The address a reply to this message goes to (the group for group messages). */
export const replyJid = (message: WAMessage): string => {
  const remote = message.key.remoteJid ?? ''
  return isGroupJid(remote) ? remote : phoneJid(remote, message.key.remoteJidAlt)
}

/* ---------- acks ---------- */

/** The library's message status (ERROR 0, PENDING 1, SERVER_ACK 2, DELIVERY_ACK 3, READ 4, PLAYED 5). */
export const ackOfStatus = (status: number | null | undefined): Ack | 'failed' | null => {
  if (status === 0) return 'failed'
  if (typeof status !== 'number' || status < 2) return null
  return Math.min(4, status - 1) as Ack
}

export interface MappedAck {
  providerMessageId: string
  ack: Ack | 'failed'
}

/** Progress of the messages the desk sent, from `messages.update`. */
export const mapMessageUpdates = (updates: WAMessageUpdate[]): MappedAck[] =>
  updates.flatMap(({ key, update }) => {
    const ack = ackOfStatus(update.status as number | null | undefined)
    return key.fromMe && key.id && ack !== null ? [{ providerMessageId: key.id, ack }] : []
  })

/** Progress reported per recipient (`message-receipt.update`, mostly groups). */
export const mapReceipts = (receipts: MessageUserReceiptUpdate[]): MappedAck[] =>
  receipts.flatMap(({ key, receipt }) => {
    if (!key.fromMe || !key.id) return []
    const ack: Ack | null = receipt.playedTimestamp
      ? 4
      : receipt.readTimestamp
        ? 3
        : receipt.receiptTimestamp
          ? 2
          : null
    return ack === null ? [] : [{ providerMessageId: key.id, ack }]
  })
