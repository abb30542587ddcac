import { z } from 'zod'
import { digitsOnly } from '../common'
import { Id, requiredString, VALIDATION_MESSAGES } from '../validation'

/** Conversation automation switches, the ticket's connection, protocols and e-mail notifications. */

const m = VALIDATION_MESSAGES

export const BOT_KINDS = ['dialogflow', 'dialogflowAudio', 'chatbot', 'n8n', 'gpt', 'typebot'] as const
export type BotKind = (typeof BOT_KINDS)[number]

/** The seed's paths per switch: status `GET {status}/{number}` answers `ok` or `off`; `POST on|off {msgFrom}`. */
export const BOT_PATHS: Record<BotKind, { status: string; on: string; off: string }> = {
  dialogflow: { status: 'getdialogstatus', on: 'zdgDialogFlowOn', off: 'zdgDialogFlowOff' },
  dialogflowAudio: { status: 'getdialogaudiostatus', on: 'zdgDialogFlowOnAudio', off: 'zdgDialogFlowOffAudio' },
  chatbot: { status: 'getchatbotstatus', on: 'zdgChatBotOn', off: 'zdgChatBotOff' },
  n8n: { status: 'getn8nstatus', on: 'zdgN8NOn', off: 'zdgN8NOff' },
  gpt: { status: 'getgptstatus', on: 'zdgGPTOn', off: 'zdgGPTOff' },
  typebot: { status: 'gettypebotstatus', on: 'zdgTypeBotOn', off: 'zdgTypeBotOff' },
}
export const BotStatus = z.enum(['ok', 'off'])
export type BotStatus = z.infer<typeof BotStatus>
/** Body of every on/off switch: the contact's number. */
export const BotToggleRequest = z.object({ msgFrom: requiredString(100).transform(digitsOnly) })
export type BotToggleRequest = z.input<typeof BotToggleRequest>

/** `POST /zdgGetWppId {ticketid}` → `{dbWpp: [{whatsappId}]}`: the ticket's connection. */
export const TicketConnectionRequest = z.object({ ticketid: Id })
export const TicketConnectionResponse = z.object({ dbWpp: z.array(z.object({ whatsappId: z.number() })) })
export type TicketConnectionResponse = z.infer<typeof TicketConnectionResponse>

/** `POST /zdgProtocolo`: the attendance protocol recorded when closing with a protocol number. */
export const ProtocolRequest = z.object({
  usuario: requiredString(100),
  protocolo: requiredString(32),
  ticket: Id,
})
export type ProtocolRequest = z.input<typeof ProtocolRequest>

/* ---------- e-mail notifications ---------- */

/** `POST /zdgSendEmail` (to the desk's own address) and `/zdgSendEmailUser` (with `zdgTo`). */
export const EmailRequest = z.object({
  zdgSubject: requiredString(200),
  zdgText: requiredString(100_000),
  zdgTo: z.email({ error: m.invalidEmail }).optional(),
})
export type EmailRequest = z.input<typeof EmailRequest>
/** `POST /zdgSendEmailAttach` and `/zdgSendEmailAttachUser`: plus a file (`zdgContent` in base64). */
export const EmailAttachRequest = EmailRequest.extend({
  zdgFileName: requiredString(255),
  zdgContent: requiredString(25 * 1024 * 1024),
})
export type EmailAttachRequest = z.input<typeof EmailAttachRequest>
