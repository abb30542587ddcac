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

/** Text or a number, read as text (the seed's client sends the protocol as the time in seconds). */
const textOrNumber = (max: number) =>
  z.union([z.number().int({ error: m.invalid }).nonnegative({ error: m.invalid }), requiredString(max)], {
    error: m.required,
  })

/** `POST /zdgProtocolo`: the attendance protocol recorded when closing with a protocol number. */
export const ProtocolRequest = z.object({
  usuario: textOrNumber(100).transform(String),
  protocolo: textOrNumber(32)
    .transform(String)
    .pipe(requiredString(32).regex(/^[0-9A-Za-z-]+$/, { error: m.invalid })),
  ticket: Id,
})
export type ProtocolRequest = z.input<typeof ProtocolRequest>

/* ---------- e-mail notifications ---------- */

const MailTo = z
  .email({ error: m.invalidEmail })
  .max(254, { error: m.tooLong })
  .transform((v) => v.toLowerCase())

/** `POST /zdgSendEmail`: to the desk's own address (the SMTP settings' notification address). */
export const EmailRequest = z.object({
  zdgSubject: requiredString(200),
  zdgText: requiredString(100_000),
})
export type EmailRequest = z.input<typeof EmailRequest>
/** `POST /zdgSendEmailUser`: to `zdgTo`. */
export const EmailUserRequest = EmailRequest.extend({ zdgTo: MailTo })
export type EmailUserRequest = z.input<typeof EmailUserRequest>
/** The attachment of the `…Attach` calls: its name and its bytes in base64 (at most 10 MB once decoded). */
const attachment = {
  zdgFileName: requiredString(255).regex(/^[^/\\]+$/, { error: m.invalid }),
  zdgContent: requiredString(14 * 1024 * 1024).regex(/^[A-Za-z0-9+/=\s]+$/, { error: m.invalid }),
}
/** `POST /zdgSendEmailAttach` and `/zdgSendEmailAttachUser`: plus a file (`zdgContent` in base64). */
export const EmailAttachRequest = EmailRequest.extend(attachment)
export type EmailAttachRequest = z.input<typeof EmailAttachRequest>
export const EmailAttachUserRequest = EmailUserRequest.extend(attachment)
export type EmailAttachUserRequest = z.input<typeof EmailAttachUserRequest>
