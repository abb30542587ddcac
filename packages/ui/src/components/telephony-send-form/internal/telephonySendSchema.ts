import { type SmsData, SmsRequest, safeText } from '@desk/api-client/contract'
import { z } from 'zod'
import { contractForm } from '../../../internal/outreach/contractForm'

/** What the fields hold: the numbers one a line, the message, and the sender (its `from`). */
export interface TelephonySendFormValues {
  to: string
  text: string
  from: string
}

/** The contract's `POST /sendSms` or `POST /makeVoiceCall` body, parsed (`to` one number an item). */
export type TelephonySendValues = SmsData

export const emptyTelephonySendValues: TelephonySendFormValues = { to: '', text: '', from: '' }

/** Every field the server may name in a 400. */
export const SERVER_FIELDS = ['to', 'text', 'from'] as const

/** Every field is required (seed §5); then the contract's request decides (numbers, message length). */
export const telephonySendSchema = contractForm(
  z.object({ to: safeText(), text: safeText(), from: safeText() }),
  ['to', 'text', 'from'],
  (v) => SmsRequest.safeParse({ to: v.to, text: v.text, from: v.from.trim() }),
)

/** The numbers a job would get, counted as the contract counts them: trimmed, blank lines and repeats dropped. */
export const countNumbers = (to: string): number =>
  new Set(
    to
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  ).size
