import { z } from 'zod'
import { digitsOnly, Instant } from './common'
import { Ack, ConnectionSession, MEDIA_TYPES, Message } from './entities'
import { MEDIA_MAX_BYTES } from './messages'
import { simulatorPaths } from './paths/simulator'
import { defineRoutes } from './route'
import { idNumber, safeText } from './text'
import { boundedString, Id, VALIDATION_MESSAGES } from './validation'

/**
 * Control endpoints of the simulator driver, for tests and demos. Admin-only, and
 * only for connections whose driver is `simulator`:
 * `POST /simulator/:connectionId/scan` · `POST …/inbound` · `GET …/outbox` ·
 * `POST …/ack` · `POST …/drop`.
 */

const m = VALIDATION_MESSAGES

export const SimulatorParams = z.object({ connectionId: Id })
export type SimulatorParams = z.infer<typeof SimulatorParams>

const SimMediaType = z.enum(MEDIA_TYPES, { error: m.invalid })
/** Types whose content is a file (the rest travel in `body`). */
export const FILE_MEDIA_TYPES = ['image', 'audio', 'video', 'other'] as const

/** A customer or group id: digits, and for old-style groups `digits-digits`. */
const Address = safeText({ error: m.required })
  .trim()
  .transform((v) => v.replace(/@(c|g|s)\.us$/, ''))
  .pipe(safeText().regex(/^\+?[\d\s().-]+$/, { error: m.invalid }))

/** Longest `mediaBase64` the simulator takes: a file of `MEDIA_MAX_BYTES`, base64-encoded. */
export const SIMULATOR_MEDIA_BASE64_MAX = Math.ceil((MEDIA_MAX_BYTES * 4) / 3) + 4

/**
 * `POST /simulator/:connectionId/inbound`: a simulated customer writes. Its body may be as
 * large as the media it carries (the rest of the API stops at 1 MB).
 * - `from`: the customer's number (formatting stripped to digits, 8–50).
 * - text needs `body`; `image`/`audio`/`video`/`other` need `mediaBase64` (`body` is the
 *   caption); `location` and `vcard` carry their seed format in `body`.
 * - group messages need `groupId`; `from` is then the sender inside the group.
 * - `providerMessageId` makes delivery idempotent: the same id is stored once.
 */
export const SimulatorInboundRequest = z
  .object({
    from: Address.transform(digitsOnly).pipe(safeText().min(8, { error: m.tooShort }).max(50, { error: m.tooLong })),
    name: safeText({ error: m.invalid }).trim().max(100, { error: m.tooLong }).optional(),
    body: safeText({ error: m.invalid }).max(65_536, { error: m.tooLong }).optional().default(''),
    mediaType: SimMediaType.optional().default('chat'),
    mediaBase64: safeText({ error: m.invalid }).max(SIMULATOR_MEDIA_BASE64_MAX, { error: m.tooLong }).optional(),
    fileName: safeText({ error: m.invalid }).trim().min(1).max(255, { error: m.tooLong }).optional(),
    isGroup: z.boolean({ error: m.invalid }).optional().default(false),
    groupId: Address.pipe(safeText().max(100, { error: m.tooLong })).optional(),
    /** The group's name as the network sends it with the message (often absent: the desk then asks). */
    groupName: safeText({ error: m.invalid }).trim().max(100, { error: m.tooLong }).optional(),
    providerMessageId: safeText({ error: m.invalid }).trim().min(1).max(200, { error: m.tooLong }).optional(),
  })
  .superRefine((v, ctx) => {
    const isFile = (FILE_MEDIA_TYPES as readonly string[]).includes(v.mediaType)
    if (isFile && !v.mediaBase64) ctx.addIssue({ code: 'custom', path: ['mediaBase64'], message: m.required })
    if (!isFile && !v.body.trim()) ctx.addIssue({ code: 'custom', path: ['body'], message: m.required })
    if (v.isGroup && !v.groupId) ctx.addIssue({ code: 'custom', path: ['groupId'], message: m.required })
  })
export type SimulatorInboundRequest = z.input<typeof SimulatorInboundRequest>
export type SimulatorInboundData = z.output<typeof SimulatorInboundRequest>

/**
 * Where the message landed; `duplicate` when that `providerMessageId` was already stored;
 * `ignored` (with null ids) when the desk drops it, as group messages while the
 * `CheckMsgIsGroup` setting is enabled.
 */
export const SimulatorInboundResponse = z.object({
  ticketId: z.number().nullable(),
  messageId: z.union([z.number(), safeText()]).nullable(),
  duplicate: z.boolean(),
  ignored: z.boolean().optional(),
})
export type SimulatorInboundResponse = z.infer<typeof SimulatorInboundResponse>

/** `POST …/scan` (completes pairing) and `POST …/drop` (the phone goes away) answer with the session. */
export const SimulatorSessionResponse = ConnectionSession
export type SimulatorSessionResponse = z.infer<typeof SimulatorSessionResponse>

/** `call`: a telephony connection's voice call (its body is the text spoken). */
export const OUTBOX_KINDS = ['text', 'media', 'location', 'vcard', 'delete', 'read', 'call'] as const

/** One thing the desk sent through the simulated phone. */
export const SimulatorOutboxEntry = z.object({
  /** The id the simulated network gave the message. */
  providerMessageId: safeText(),
  /** The desk's message id, when the entry is a message. */
  messageId: z.union([z.number(), safeText()]).nullable(),
  kind: z.enum(OUTBOX_KINDS),
  /** Customer number or group id, digits. */
  to: safeText(),
  body: safeText(),
  mediaType: z.enum(MEDIA_TYPES),
  fileName: safeText().nullable().optional(),
  mimeType: safeText().nullable().optional(),
  /** The provider id of the quoted message, for replies. */
  quotedProviderMessageId: safeText().nullable().optional(),
  ack: Ack,
  createdAt: safeText(),
})
export type SimulatorOutboxEntry = z.infer<typeof SimulatorOutboxEntry>

/** `GET …/outbox?to=digits`: oldest first, optionally for one recipient. */
export const SimulatorOutboxQuery = z.object({
  to: safeText()
    .trim()
    .transform(digitsOnly)
    .optional()
    .transform((v) => v || undefined),
})
export type SimulatorOutboxQuery = z.input<typeof SimulatorOutboxQuery>
export const SimulatorOutboxResponse = z.array(SimulatorOutboxEntry)
export type SimulatorOutboxResponse = z.infer<typeof SimulatorOutboxResponse>

/**
 * `POST …/ack`: the customer's phone reports progress on a sent message, named by
 * the desk's message id or the provider id. Ack 0 pending … 4 played; it never goes back.
 */
export const SimulatorAckRequest = z.object({
  messageId: z.union([idNumber(m.invalid), safeText().trim().min(1).max(200)], { error: m.invalid }),
  ack: z
    .number({ error: m.invalid })
    .int({ error: m.invalid })
    .min(0, { error: m.invalid })
    .max(4, { error: m.invalid }),
})
export type SimulatorAckRequest = z.infer<typeof SimulatorAckRequest>
export const SimulatorAckResponse = Message
export type SimulatorAckResponse = z.infer<typeof SimulatorAckResponse>

/** A number as a phone's address book holds it: anything, checked only when imported. */
const PhoneDigits = safeText({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(100)
/** `PUT /simulator/:id/phonebook`: the phone's address book, and numbers the network does not know. */
export const SimulatorPhoneBookRequest = z.object({
  contacts: z.array(z.object({ name: boundedString(1, 100), number: PhoneDigits })).max(10_000),
  unregistered: z.array(PhoneDigits).max(10_000).optional().default([]),
})
export type SimulatorPhoneBookRequest = z.input<typeof SimulatorPhoneBookRequest>
/** How many entries the phone now holds. */
export const SimulatorPhoneBookResponse = z.object({ contacts: z.number().int(), unregistered: z.number().int() })
export type SimulatorPhoneBookResponse = z.infer<typeof SimulatorPhoneBookResponse>

/** A message of a chat the simulated phone holds, for history import. */
const SimulatorHistoryMessage = z.object({
  providerMessageId: safeText({ error: m.required })
    .trim()
    .min(1, { error: m.required })
    .max(200, { error: m.tooLong }),
  fromMe: z.boolean({ error: m.invalid }).optional().default(false),
  body: safeText({ error: m.invalid }).max(65_536, { error: m.tooLong }).optional().default(''),
  mediaType: SimMediaType.optional().default('chat'),
  /** When it was sent (ISO time). */
  timestamp: Instant.transform((v) => Date.parse(v)),
  /** Inside a group: who wrote it. */
  author: Address.transform(digitsOnly).optional(),
  authorName: safeText({ error: m.invalid }).trim().max(100, { error: m.tooLong }).optional(),
})

/**
 * `PUT /simulator/:connectionId/history`: the chats the simulated phone holds, replacing those set
 * before; a history import (`/ZDGHistorico`) reads them. `id` is the customer's number or the group's id.
 */
export const SimulatorHistoryRequest = z.object({
  conversations: z
    .array(
      z.object({
        id: Address.transform(digitsOnly).pipe(safeText().min(8, { error: m.tooShort }).max(50, { error: m.tooLong })),
        isGroup: z.boolean({ error: m.invalid }).optional().default(false),
        name: safeText({ error: m.invalid }).trim().max(100, { error: m.tooLong }).optional(),
        messages: z.array(SimulatorHistoryMessage).max(5000),
      }),
    )
    .max(1000),
})
export type SimulatorHistoryRequest = z.input<typeof SimulatorHistoryRequest>
export type SimulatorHistoryData = z.output<typeof SimulatorHistoryRequest>
/** How many chats and messages the phone now holds. */
export const SimulatorHistoryResponse = z.object({ conversations: z.number().int(), messages: z.number().int() })
export type SimulatorHistoryResponse = z.infer<typeof SimulatorHistoryResponse>

/** The routes of the simulator driver's controls, on the methods and paths of `./paths/simulator`. */
export const simulatorRoutes = /* @__PURE__ */ defineRoutes(simulatorPaths, () => ({
  simulatorScan: { params: SimulatorParams, response: SimulatorSessionResponse },
  simulatorInbound: {
    params: SimulatorParams,
    body: SimulatorInboundRequest,
    response: SimulatorInboundResponse,
  },
  simulatorOutbox: {
    params: SimulatorParams,
    query: SimulatorOutboxQuery,
    response: SimulatorOutboxResponse,
  },
  simulatorAck: {
    params: SimulatorParams,
    body: SimulatorAckRequest,
    response: SimulatorAckResponse,
  },
  simulatorPhoneBook: {
    params: SimulatorParams,
    body: SimulatorPhoneBookRequest,
    response: SimulatorPhoneBookResponse,
  },
  simulatorDrop: { params: SimulatorParams, response: SimulatorSessionResponse },
  simulatorHistory: {
    params: SimulatorParams,
    body: SimulatorHistoryRequest,
    response: SimulatorHistoryResponse,
  },
}))
