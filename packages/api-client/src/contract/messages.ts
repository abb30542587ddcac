import { z } from 'zod'
import { digitsOnly, Flag } from './common'
import { Message, Ticket } from './entities'
import { messagesPaths } from './paths/messages'
import { defineRoutes } from './route'
import { idNumber, safeText } from './text'
import { Id, IdParams, PageNumber, VALIDATION_MESSAGES } from './validation'

/**
 * Messages: `GET /messages/:ticketId`, `POST /messages/:ticketId` (JSON or multipart),
 * `DELETE /messages/:id` (own messages only). Sending needs an open ticket (409
 * `ERR_TICKET_NOT_OPEN` on a pending or closed one) that is the caller's, unless the
 * caller is an admin (403 `ERR_NO_PERMISSION`).
 */

const m = VALIDATION_MESSAGES

export const MESSAGES_PAGE_SIZE = 20
/** A guard against abuse, not a product rule: drivers split or refuse what their network cannot carry. */
export const MESSAGE_BODY_MAX = 65_536
export { MEDIA_FIELD, MEDIA_MAX_BYTES, MEDIA_MAX_FILES } from './constants'

export const TicketIdParams = z.object({ ticketId: Id })
export type TicketIdParams = z.infer<typeof TicketIdParams>

/** `GET /messages/:ticketId?pageNumber=n`: page 1 holds the newest messages, page 2 the ones before… */
export const MessageListQuery = z.object({
  pageNumber: PageNumber.optional().default(1),
})
export type MessageListQuery = z.input<typeof MessageListQuery>

/**
 * Messages of one page in chronological order (oldest first), so pages are
 * prepended as the list scrolls upward. Reading marks the ticket read and emits
 * `ticket` `updateUnread`.
 */
export const MessageListResponse = z.object({
  messages: z.array(Message),
  hasMore: z.boolean(),
  count: z.number().int().nonnegative().optional(),
  ticket: Ticket.optional(),
})
export type MessageListResponse = z.infer<typeof MessageListResponse>

const MessageRef = z.union([idNumber(m.invalid), safeText().trim().min(1).max(200)], { error: m.invalid })

/** A quoted message may be sent as the message (anything with an `id`) or as its id. */
const QuotedInput = z.union([z.object({ id: MessageRef }).transform((q) => q.id), MessageRef], { error: m.invalid })

/** A place to send: coordinates and an optional description (name and address, one a line). */
export const SendLocation = z.object({
  latitude: z.number({ error: m.invalid }).min(-90, { error: m.invalid }).max(90, { error: m.invalid }),
  longitude: z.number({ error: m.invalid }).min(-180, { error: m.invalid }).max(180, { error: m.invalid }),
  description: safeText({ error: m.invalid }).trim().max(1000, { error: m.tooLong }).nullable().optional(),
})
export type SendLocation = z.infer<typeof SendLocation>

/** A contact card to send: a name and a phone number (non-digits are dropped). */
export const SendVcard = z.object({
  name: safeText({ error: m.invalid }).trim().min(1, { error: m.required }).max(100, { error: m.tooLong }),
  number: safeText({ error: m.invalid })
    .transform(digitsOnly)
    .pipe(safeText().min(8, { error: m.tooShort }).max(20, { error: m.tooLong })),
})
export type SendVcard = z.infer<typeof SendVcard>

/**
 * `POST /messages/:ticketId` as JSON, e.g. the seed's `{read: 1, fromMe: true, mediaUrl: "",
 * body, quotedMsg}` where `quotedMsg` is the whole quoted message (only its `id` is read).
 * `read` and `fromMe` are the server's to decide: checked to be flags, then ignored.
 * `body` is trimmed and must not be empty unless
 * `mediaUrl`, `location` or `vcard` is given (whitespace-only text is never sent). `mediaUrl`
 * may only name media this server issued (the server refuses other addresses). A `location`
 * or `vcard` is stored with the seed's body format (see `formatLocationBody`,
 * `formatVcardBody`) and any `body` is ignored. The sign-message prefix is added by the
 * client before sending. Parsed, `quotedMsg` becomes `quotedMsgId`.
 */
export const SendMessageRequest = z
  .object({
    body: safeText({ error: m.invalid }).trim().max(MESSAGE_BODY_MAX, { error: m.tooLong }).optional().default(''),
    read: Flag.optional(),
    fromMe: Flag.optional(),
    mediaUrl: safeText({ error: m.invalid }).trim().max(2048, { error: m.tooLong }).nullable().optional(),
    quotedMsg: QuotedInput.nullable().optional(),
    location: SendLocation.optional(),
    vcard: SendVcard.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.body && !v.mediaUrl && !v.location && !v.vcard) {
      ctx.addIssue({ code: 'custom', path: ['body'], message: m.required })
    }
    if ([v.mediaUrl, v.location, v.vcard].filter(Boolean).length > 1) {
      ctx.addIssue({ code: 'custom', path: [v.location ? 'location' : 'vcard'], message: m.invalid })
    }
  })
  .transform(({ quotedMsg, mediaUrl, read: _read, fromMe: _fromMe, ...rest }) => ({
    ...rest,
    mediaUrl: mediaUrl || null,
    quotedMsgId: quotedMsg ?? null,
  }))
export type SendMessageRequest = z.input<typeof SendMessageRequest>
export type SendMessageData = z.output<typeof SendMessageRequest>

/**
 * `POST /messages/:ticketId` as multipart: files in `medias` (one message each) plus
 * these text fields. `body` is the caption of the first file and may be empty. The seed's
 * clients send `body` once per file, holding the file's name: when `body` comes more than
 * once, the values are the files' names and no caption is sent, and the server sends no
 * caption either when the one `body` is the first file's name. `fromMe` is a flag the server
 * ignores.
 */
export const SendMediaFields = z.object({
  body: z
    .union([safeText({ error: m.invalid }), z.array(safeText({ error: m.invalid })).max(100)], { error: m.invalid })
    .transform((v) => (Array.isArray(v) ? (v.length === 1 ? (v[0] ?? '') : '') : v))
    .pipe(safeText().trim().max(MESSAGE_BODY_MAX, { error: m.tooLong }))
    .optional()
    .default(''),
  fromMe: Flag.optional().default(true),
  quotedMsgId: MessageRef.optional(),
})
export type SendMediaFields = z.input<typeof SendMediaFields>

/**
 * The stored messages (one per file, or one for text). A send that the driver
 * failed is still stored and returned with `error` set, so nothing typed is lost.
 */
export const SendMessageResponse = z.object({ messages: z.array(Message).min(1) })
export type SendMessageResponse = z.infer<typeof SendMessageResponse>

/** `DELETE /messages/:id` answers with the message, now `isDeleted`. */
export const DeleteMessageResponse = Message
export type DeleteMessageResponse = z.infer<typeof DeleteMessageResponse>

/* ---------- location bodies: `image|link|description?` ---------- */

export type LocationBody = {
  /** A thumbnail (`data:image/…` or http(s)), or null when missing or unsafe. */
  imageUrl: string | null
  /** The map link; always http(s). */
  link: string
  description: string | null
}

const isHttp = (v: string) => /^https?:\/\/\S+$/i.test(v)
const isImageSrc = (v: string) => isHttp(v) || /^data:image\/[a-z0-9.+-]+;base64,[a-z0-9+/=\s]+$/i.test(v)

/**
 * Reads a location message body: pipe-separated image, link and optional
 * description (which may itself contain pipes). Returns null when the body has no
 * http(s) link, so a `javascript:` address can never reach an anchor.
 */
export const parseLocationBody = (body: string): LocationBody | null => {
  const [image = '', link = '', ...rest] = body.split('|')
  const href = link.trim()
  if (!isHttp(href)) return null
  const description = rest.join('|').trim()
  const src = image.trim()
  return { imageUrl: isImageSrc(src) ? src : null, link: href, description: description || null }
}

/** Writes a location body; pipes are what separate the parts, so the image and link must not hold one. */
export const formatLocationBody = (location: {
  imageUrl?: string | null
  link: string
  description?: string | null
}): string => {
  const parts = [(location.imageUrl ?? '').replaceAll('|', ''), location.link.replaceAll('|', '%7C')]
  if (location.description) parts.push(location.description)
  return parts.join('|')
}

/** A map link for coordinates. */
export const locationLink = (latitude: number, longitude: number): string =>
  `https://maps.google.com/maps?q=${latitude}%2C${longitude}&z=17`

/* ---------- vcard bodies ---------- */

export type VcardContact = {
  name: string
  /** Every phone number of the card, digits only, without duplicates. */
  numbers: string[]
  /** The first number, or null when the card has none (the "Conversar" button is then disabled). */
  number: string | null
}

const unescapeVcard = (v: string) => v.replace(/\\([nN])/g, ' ').replace(/\\([,;\\])/g, '$1')
const escapeVcard = (v: string) =>
  v
    .replace(/\\/g, '\\\\')
    .replace(/([,;])/g, '\\$1')
    .replace(/\r?\n/g, '\\n')

/**
 * Reads a contact card: the name from `FN` (else `N`), the numbers from `TEL` lines,
 * preferring the `waid` parameter, stripped to digits. Folded lines are joined.
 * Returns null when the text holds neither a name nor a number.
 */
export const parseVcardBody = (body: string): VcardContact | null => {
  const lines = body
    .replace(/\r\n?/g, '\n')
    .replace(/\n[ \t]/g, '')
    .split('\n')
  let fullName = ''
  let structuredName = ''
  const numbers: string[] = []
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon < 0) continue
    const [property = '', ...params] = line.slice(0, colon).split(';')
    const key = (property.split('.').pop() ?? '').trim().toUpperCase()
    const value = line.slice(colon + 1).trim()
    if (key === 'FN' && !fullName) fullName = unescapeVcard(value).trim()
    else if (key === 'N' && !structuredName) {
      const [family = '', given = '', middle = ''] = value.split(';').map(unescapeVcard)
      structuredName = [given, middle, family].filter(Boolean).join(' ').trim()
    } else if (key === 'TEL') {
      const waid = params.find((p) => /^waid=/i.test(p.trim()))
      const digits = digitsOnly(waid ? waid.trim().slice(5) : value)
      if (digits && !numbers.includes(digits)) numbers.push(digits)
    }
  }
  const name = fullName || structuredName
  if (!name && numbers.length === 0) return null
  return { name, numbers, number: numbers[0] ?? null }
}

/** Writes a vCard 3.0 for one contact, as the drivers send it. */
export const formatVcardBody = (contact: { name: string; number?: string | null }): string => {
  const name = escapeVcard(contact.name.trim())
  const digits = contact.number ? digitsOnly(contact.number) : ''
  return [
    'BEGIN:VCARD',
    'VERSION:3.0',
    `N:;${name};;;`,
    `FN:${name}`,
    ...(digits ? [`TEL;type=CELL;waid=${digits}:+${digits}`] : []),
    'END:VCARD',
  ].join('\n')
}

/** The routes of a ticket's messages, and the media addresses, on the methods and paths of `./paths/messages`. */
export const messagesRoutes = /* @__PURE__ */ defineRoutes(messagesPaths, () => ({
  messageList: { params: TicketIdParams, query: MessageListQuery, response: MessageListResponse },
  messageSend: {
    params: TicketIdParams,
    body: SendMessageRequest,
    multipart: SendMediaFields,
    response: SendMessageResponse,
  },
  messageDelete: { params: IdParams, response: DeleteMessageResponse },
  // Media addresses are read leniently (a bad signature is a 404, never a 400): no schemas here.
  media: { answers: 'file' },
  mediaLegacy: { answers: 'file' },
}))
