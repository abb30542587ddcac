import { z } from 'zod'
import { digitsOnly, Flag } from '../common'
import { botsPaths } from '../paths/bots'
import { defineRoutes } from '../route'
import { safeText } from '../text'
import { Id, IdParams, PageNumber, requiredString, VALIDATION_MESSAGES } from '../validation'
import { BOT_KINDS, BotToggleRequest, TicketConnectionRequest, TicketConnectionResponse } from './automation'

/**
 * Bots that answer a contact while their switch is on: the admin's configuration per kind, the
 * per-contact switches, the bot's answers and the audit of who switched what. The bot's endpoint
 * receives every inbound message as JSON signed with HMAC-SHA256 (`BOT_SIGNATURE_HEADER`) and
 * answers with `BotAnswer`, or later through `POST /bots/:kind/reply`, signed the same way.
 */

const m = VALIDATION_MESSAGES

export const BotKindSchema = z.enum(BOT_KINDS, { error: m.invalid })
export const BotKindParams = z.object({ kind: BotKindSchema })
export type BotKindParams = z.infer<typeof BotKindParams>
/** `GET /get…status/:number`: the contact's number, digits only. */
export const BotNumberParams = z.object({ number: requiredString(100).transform(digitsOnly) })

/** `sha256=<hex>` of HMAC-SHA256(secret, raw body), on what the desk posts to a bot and on its replies. */
export const BOT_SIGNATURE_HEADER = 'x-signature-256'
/** A bot that has not answered within this is marked failed (the customer's message is kept). */
export const BOT_TIMEOUT_MS = 5000
/** Messages of one contact arriving within this go to the bot as one. */
export const BOT_DEBOUNCE_MS = 1000

/** `on`: answering; `paused`: an agent replied (switch it on again to resume); `off`. */
export const BotState = z.enum(['on', 'paused', 'off'])
export type BotState = z.infer<typeof BotState>

/** One contact's switch of one kind; `failedAt`/`error` tell of the bot's last failure since it was switched on. */
export const BotSwitch = z.object({
  kind: BotKindSchema,
  state: BotState,
  /** The admin configured and enabled this bot: only then may it be switched on. */
  configured: z.boolean(),
  failedAt: safeText().nullable(),
  error: safeText().nullable(),
})
export type BotSwitch = z.infer<typeof BotSwitch>

/** `GET /tickets/:id/bots`: the six switches of the ticket's contact. */
export const TicketBotsResponse = z.object({
  ticketId: Id,
  contactId: Id,
  number: safeText(),
  switches: z.array(BotSwitch),
})
export type TicketBotsResponse = z.infer<typeof TicketBotsResponse>

/** What `POST zdg…On|Off` answers: the switch as it is now, and the seed's `ok`/`off`. */
export const BotToggleResponse = BotSwitch.extend({ status: z.enum(['ok', 'off']), number: safeText() })
export type BotToggleResponse = z.infer<typeof BotToggleResponse>

/** A bot's configuration as admins read it: the secret never comes back, only its last characters. */
export const BotConfig = z.object({
  kind: BotKindSchema,
  url: safeText(),
  enabled: z.boolean(),
  /** Comma-separated words: a customer message that is exactly one of them ends the bot for that contact. */
  stopWords: safeText(),
  hasSecret: z.boolean(),
  secretHint: safeText().nullable(),
  updatedAt: safeText().nullable(),
})
export type BotConfig = z.infer<typeof BotConfig>
export const BotConfigListResponse = z.array(BotConfig)
export type BotConfigListResponse = z.infer<typeof BotConfigListResponse>

const botUrl = safeText()
  .trim()
  .max(2000, { error: m.tooLong })
  .refine((value) => value === '' || /^https?:\/\/[^\s]+$/i.test(value), { error: m.invalid })

/** `PUT /bots/:kind`. An absent or empty `secret` keeps the stored one; enabling needs a URL and a secret. */
export const BotConfigUpdateRequest = z.object({
  url: botUrl,
  secret: safeText().max(200, { error: m.tooLong }).optional(),
  enabled: Flag,
  stopWords: safeText().max(500, { error: m.tooLong }).optional(),
})
export type BotConfigUpdateRequest = z.input<typeof BotConfigUpdateRequest>

/** One answer of a bot: a text, or media by URL with an optional caption. */
export const BotReply = z.union([
  z.object({ text: requiredString(4096) }),
  z.object({ mediaUrl: requiredString(2000), caption: safeText().max(1024).optional() }),
])
export type BotReply = z.infer<typeof BotReply>
/** The bot's answer to a post (an empty or missing list answers nothing). */
export const BotAnswer = z.object({ replies: z.array(BotReply).max(20).optional().default([]) })
export type BotAnswer = z.infer<typeof BotAnswer>

/** `POST /bots/:kind/reply`: a later answer for a ticket, signed with the bot's secret. */
export const BotReplyRequest = z.object({ ticketId: Id, replies: z.array(BotReply).min(1).max(20) })
export type BotReplyRequest = z.input<typeof BotReplyRequest>
export const BotReplyResponse = z.object({ sent: z.number() })

/** What the desk posts to a bot (documented shape; the server builds it). */
export interface BotPayload {
  kind: (typeof BOT_KINDS)[number]
  ticket: { id: number; status: string; queueId: number | null; userId: number | null; whatsappId: number | null }
  contact: { id: number; name: string; number: string }
  /** The messages that arrived within the debounce window, merged: bodies joined by new lines. */
  message: { id: number; body: string; mediaType: string; createdAt: string }
  messages: Array<{ id: number; body: string; mediaType: string; createdAt: string }>
  test?: true
}

export const BotAuditAction = z.enum(['on', 'off', 'paused', 'stopped', 'config'])
export type BotAuditAction = z.infer<typeof BotAuditAction>
export const BotAuditEntry = z.object({
  id: Id,
  kind: BotKindSchema,
  action: BotAuditAction,
  number: safeText().nullable(),
  userId: z.number().nullable(),
  userName: safeText().nullable(),
  createdAt: safeText(),
})
export type BotAuditEntry = z.infer<typeof BotAuditEntry>
export const BotAuditQuery = z.object({ kind: BotKindSchema.optional(), pageNumber: PageNumber.optional().default(1) })
export type BotAuditQuery = z.input<typeof BotAuditQuery>
export const BotAuditResponse = z.object({ entries: z.array(BotAuditEntry), hasMore: z.boolean() })
export type BotAuditResponse = z.infer<typeof BotAuditResponse>

/** `POST /bots/:kind/test`: posts a sample message to the bot and shows what came back. */
export const BotTestRequest = z.object({ text: requiredString(1000) })
export type BotTestRequest = z.input<typeof BotTestRequest>
export const BotTestResponse = z.object({
  ok: z.boolean(),
  status: z.number().nullable(),
  latencyMs: z.number(),
  replies: z.array(BotReply),
  error: safeText().nullable(),
})
export type BotTestResponse = z.infer<typeof BotTestResponse>

/**
 * Live: a contact's switch changed (on, off, paused, stopped, failed). Heard by whoever may see one of
 * the contact's tickets; `ticketId` is the contact's newest ticket, and every conversation of
 * `contactId` shows the new switch.
 */
export type BotEvent = { action: 'update'; ticketId: number; contactId: number; switch: BotSwitch }

const botStatus = { params: BotNumberParams, answers: 'text' } as const
const botToggle = { body: BotToggleRequest, response: BotToggleResponse } as const

/**
 * The routes of bots: the conversation screen's switches, the seed's status calls, and the bots' configuration,
 * on the methods and paths of `../paths/bots`.
 */
export const botsRoutes = /* @__PURE__ */ defineRoutes(botsPaths, () => ({
  botStatusDialogflow: botStatus,
  botStatusDialogflowAudio: botStatus,
  botStatusChatbot: botStatus,
  botStatusN8n: botStatus,
  botStatusGpt: botStatus,
  botStatusTypebot: botStatus,
  botOnDialogflow: botToggle,
  botOffDialogflow: botToggle,
  botOnDialogflowAudio: botToggle,
  botOffDialogflowAudio: botToggle,
  botOnChatbot: botToggle,
  botOffChatbot: botToggle,
  botOnN8n: botToggle,
  botOffN8n: botToggle,
  botOnGpt: botToggle,
  botOffGpt: botToggle,
  botOnTypebot: botToggle,
  botOffTypebot: botToggle,
  ticketConnection: { body: TicketConnectionRequest, response: TicketConnectionResponse },
  ticketBots: { params: IdParams, response: TicketBotsResponse },
  botConfigList: { response: BotConfigListResponse },
  botConfigGet: { params: BotKindParams, response: BotConfig },
  botConfigUpdate: {
    params: BotKindParams,
    body: BotConfigUpdateRequest,
    response: BotConfig,
  },
  botTest: { params: BotKindParams, body: BotTestRequest, response: BotTestResponse },
  botReply: {
    params: BotKindParams,
    rawBody: true,
    body: BotReplyRequest,
    response: BotReplyResponse,
  },
  botAudit: { query: BotAuditQuery, response: BotAuditResponse },
}))
