import { z } from 'zod'
import { Flag, optionalText } from './common'
import { Ticket } from './entities'
import {
  EmailAttachRequest,
  EmailAttachUserRequest,
  EmailRequest,
  EmailUserRequest,
  ProtocolRequest,
} from './outreach/automation'
import { mailPaths } from './paths/mail'
import { defineRoutes } from './route'
import { safeText } from './text'
import { email, Id, IdParams, VALIDATION_MESSAGES } from './validation'

/** Protocol close, the desk's e-mail (SMTP settings, outbox) and the conversation export (issue 13). */

const m = VALIDATION_MESSAGES

/* ---------- protocol close ---------- */

/** `POST /tickets/:id/protocol`: the ticket closed with a new protocol number, told to the customer. */
export const TicketProtocolResponse = z.object({ protocol: safeText(), ticket: Ticket })
export type TicketProtocolResponse = z.infer<typeof TicketProtocolResponse>

/** `POST /zdgProtocolo`: the number recorded, as the seed's client sent it. */
export const ProtocolResponse = z.object({ usuario: safeText(), protocolo: safeText(), ticket: z.number() })
export type ProtocolResponse = z.infer<typeof ProtocolResponse>

/* ---------- chat export ---------- */

export const EXPORT_FORMATS = ['csv', 'txt'] as const
export const ExportFormat = z.enum(EXPORT_FORMATS, { error: m.invalid })
export type ExportFormat = z.infer<typeof ExportFormat>
/** `GET /tickets/:id/export?format=csv|txt` → `zdg.csv` or `ZDG.txt` (seed 000 §9). */
export const TicketExportQuery = z.object({
  format: ExportFormat.optional().default('csv'),
  /** Private notes are left out unless asked for (`notes=true`). */
  notes: Flag.optional().default(false),
})
export type TicketExportQuery = z.input<typeof TicketExportQuery>
export const CHAT_EXPORT_FILE_NAMES: Record<ExportFormat, string> = { csv: 'zdg.csv', txt: 'ZDG.txt' }

/** `POST /tickets/:id/email {to?}`: the conversation by e-mail, to `to` or else the contact's address. */
export const TicketEmailRequest = z.object({
  to: email().optional(),
  /** Private notes are left out of the transcript unless asked for. */
  notes: Flag.optional().default(false),
})
export type TicketEmailRequest = z.input<typeof TicketEmailRequest>

/* ---------- outbox ---------- */

export const MAIL_STATES = ['queued', 'sending', 'sent', 'failed'] as const
export const MailState = z.enum(MAIL_STATES, { error: m.invalid })
export type MailState = z.infer<typeof MailState>

/** What the seed's e-mail calls and "e-mail this conversation" answer: the mail is in the outbox. */
export const MailQueuedResponse = z.object({ id: z.number(), state: MailState })
export type MailQueuedResponse = z.infer<typeof MailQueuedResponse>

export const MailOutboxItem = z.object({
  id: z.number(),
  kind: safeText(),
  ticketId: z.number().nullable(),
  recipient: safeText(),
  subject: safeText(),
  state: MailState,
  attempts: z.number(),
  lastError: safeText().nullable(),
  createdAt: safeText(),
  updatedAt: safeText(),
})
export type MailOutboxItem = z.infer<typeof MailOutboxItem>
/** `GET /mail/outbox?state=failed` (admins): the newest 100 in that state. */
export const MailOutboxQuery = z.object({ state: MailState.optional().default('failed') })
export type MailOutboxQuery = z.input<typeof MailOutboxQuery>
export const MailOutboxResponse = z.array(MailOutboxItem)
export type MailOutboxResponse = z.infer<typeof MailOutboxResponse>

/* ---------- SMTP settings ---------- */

/** `GET /mail/settings` (admins). The password is never sent back: `hasPassword` says whether one is kept. */
export const MailSettings = z.object({
  host: safeText().nullable(),
  port: z.number().nullable(),
  secure: z.boolean(),
  user: safeText().nullable(),
  hasPassword: z.boolean(),
  sender: safeText().nullable(),
  notifyTo: safeText().nullable(),
  sendOnClose: z.boolean(),
  sendTranscript: z.boolean(),
  /** Where mail goes out through: these settings, the `SMTP_URL` environment variable, or nowhere yet. */
  source: z.enum(['settings', 'env', 'none']),
})
export type MailSettings = z.infer<typeof MailSettings>

const Port = z.coerce
  .number({ error: m.invalid })
  .int({ error: m.invalid })
  .min(1, { error: m.invalid })
  .max(65_535, { error: m.invalid })
const optionalEmail = () =>
  z
    .union([z.literal(''), z.null(), email()])
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null))

/**
 * `PUT /mail/settings` (admins). `password`: missing or `""` keeps the stored one, `null` clears it.
 * An empty `host` switches back to `SMTP_URL` (or to no mail).
 */
export const MailSettingsUpdateRequest = z.object({
  host: optionalText(255),
  port: Port.nullable().optional(),
  secure: Flag.optional(),
  user: optionalText(255),
  password: safeText({ error: m.invalid }).max(500, { error: m.tooLong }).nullable().optional(),
  sender: optionalEmail(),
  notifyTo: optionalEmail(),
  sendOnClose: Flag.optional(),
  sendTranscript: Flag.optional(),
})
export type MailSettingsUpdateRequest = z.input<typeof MailSettingsUpdateRequest>

/** `POST /mail/test {to}` (admins): sends at once and answers whether the server took it. */
export const MailTestRequest = z.object({ to: email() })
export type MailTestRequest = z.input<typeof MailTestRequest>
export const MailTestResponse = z.object({ ok: z.literal(true) })

export const MailOutboxParams = z.object({ id: Id })

/**
 * The routes of protocol close, chat export and e-mail, the SMTP settings and the outbox,
 * on the methods and paths of `./paths/mail`.
 */
export const mailRoutes = /* @__PURE__ */ defineRoutes(mailPaths, () => ({
  ticketProtocol: { params: IdParams, response: TicketProtocolResponse },
  seedProtocol: { body: ProtocolRequest, response: ProtocolResponse },
  ticketExport: { params: IdParams, query: TicketExportQuery, answers: 'file' },
  ticketEmail: {
    params: IdParams,
    body: z.preprocess((value) => value ?? {}, TicketEmailRequest),
    response: MailQueuedResponse,
  },
  seedEmail: { body: EmailRequest, response: MailQueuedResponse },
  seedEmailUser: { body: EmailUserRequest, response: MailQueuedResponse },
  seedEmailAttach: { body: EmailAttachRequest, response: MailQueuedResponse },
  seedEmailAttachUser: { body: EmailAttachUserRequest, response: MailQueuedResponse },
  mailSettingsGet: { response: MailSettings },
  mailSettingsUpdate: { body: MailSettingsUpdateRequest, response: MailSettings },
  mailTest: { body: MailTestRequest, response: MailTestResponse },
  mailOutbox: { query: MailOutboxQuery, response: MailOutboxResponse },
  mailRetry: { params: MailOutboxParams, response: MailQueuedResponse },
}))
