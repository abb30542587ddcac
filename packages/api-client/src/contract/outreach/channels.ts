import { z } from 'zod'
import { digitsOnly, IsoDay } from '../common'
import { ConnectionStatus } from '../entities'
import { INSTAGRAM_USERNAME } from '../instagram'
import { Id, requiredString, VALIDATION_MESSAGES } from '../validation'
import { dispatch } from './internal'
import { lineList, NumberList, OUTREACH_TEXT_MAX } from './numbers'

/** Other channels (Instagram, SMS, voice calls), history import, schedules and one-off sends. */

const m = VALIDATION_MESSAGES

/**
 * `POST /sendDirect`: Instagram direct messages, one user name per line. The seed names no connection:
 * `ticketwhatsappId` is optional, and without it the job goes through the desk's Instagram connection
 * (the default one when it is Instagram, else the oldest connected one).
 */
export const DirectRequest = z.object({
  token: dispatch.token,
  ticketwhatsappId: dispatch.ticketwhatsappId.optional(),
  userIg: lineList(31).superRefine((users, ctx) => {
    users.forEach((u, index) => {
      if (!INSTAGRAM_USERNAME.test(u)) ctx.addIssue({ code: 'custom', path: [index], message: m.invalid })
    })
  }),
  message: requiredString(OUTREACH_TEXT_MAX),
})
export type DirectRequest = z.input<typeof DirectRequest>
export type DirectData = z.output<typeof DirectRequest>

/**
 * `POST /sendSms` and `POST /makeVoiceCall` through the telephony provider: `to`
 * one number per line, `text` the message (spoken in a call), `from` the sender.
 * The seed's form read the message from the wrong field; here `text` is the message.
 */
export const SmsRequest = z.object({
  token: dispatch.token,
  /** A number, or a Messaging Service SID (34 characters). */
  from: requiredString(64),
  to: NumberList,
  text: requiredString(1600),
})
export type SmsRequest = z.input<typeof SmsRequest>
export type SmsData = z.output<typeof SmsRequest>
export const VoiceCallRequest = SmsRequest
export type VoiceCallRequest = z.input<typeof VoiceCallRequest>

/** `POST /syncMessage` (/ZDGHistorico): import up to `limit` device messages per conversation. */
export const SyncMessageRequest = z.object({
  ...dispatch,
  limit: z.coerce.number({ error: m.invalid }).int({ error: m.invalid }).min(1, { error: m.invalid }).max(1000, {
    error: m.tooLong,
  }),
})
export type SyncMessageRequest = z.input<typeof SyncMessageRequest>

/** `POST /zdgSyncMessageUser` (conversation screen): import one contact's history. */
export const SyncMessageUserRequest = z.object({
  token: dispatch.token,
  user: requiredString(100).transform(digitsOnly),
  limit: SyncMessageRequest.shape.limit,
  ticketwhatsappId: Id,
})
export type SyncMessageUserRequest = z.input<typeof SyncMessageUserRequest>

/** `POST /sendAgendamento` (/ZDGAgendamento): run the connection's scheduled sends on `dataEnvio`. */
export const ScheduleRequest = z.object({ ...dispatch, dataEnvio: IsoDay })
export type ScheduleRequest = z.input<typeof ScheduleRequest>

/** `POST /zdg` with one `number` (the transfer notice): a single text through a connection. */
export const SingleTextRequest = z.object({
  ...dispatch,
  number: requiredString(100),
  message: requiredString(OUTREACH_TEXT_MAX),
})
export type SingleTextRequest = z.input<typeof SingleTextRequest>

/** `GET /whatsappzdg`: connections for the "Mostrar ID de Disparo" button; only CONNECTED ones are usable. */
export const DispatchConnectionListResponse = z.array(z.object({ id: z.number(), status: ConnectionStatus }))
export type DispatchConnectionListResponse = z.infer<typeof DispatchConnectionListResponse>
