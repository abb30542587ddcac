import {
  type TelephonyConfig,
  TelephonyConfig as TelephonyConfigSchema,
  TelephonyConfigUpdate,
  type TelephonyProvider,
} from '@desk/api-client/contract'
import { z } from 'zod'
import { V } from '../../../internal/schemas'

/** A telephony connection's settings as the modal takes them: a saved one names its Auth Token's last characters. */
export interface TelephonySettings {
  provider: TelephonyProvider
  fromNumber?: string | null
  accountSid?: string | null
  messagingServiceSid?: string | null
  /** Only in what the modal hands back, and only when typed: a saved token is never shown. */
  authToken?: string
  /** The stored Auth Token's last characters (`authTokenHint` of the answer); empty Auth Token then keeps it. */
  authTokenHint?: string | null
}

/**
 * The telephony fields. `authTokenHint` is the saved token's end (empty for a new connection): with it,
 * an empty Auth Token keeps the stored one.
 */
export const telephonyFormSchema = z.object({
  provider: z.enum(['twilio', 'simulator']),
  fromNumber: z.string(),
  accountSid: z.string(),
  authToken: z.string(),
  messagingServiceSid: z.string(),
  authTokenHint: z.string(),
})
export type TelephonyFormValues = z.infer<typeof telephonyFormSchema>

/** A simulated line: the simulator needs a number of its own, so a new one starts with one filled in. */
export const SIMULATED_NUMBER = '+15005550100'

export const defaultTelephonyForm = (): TelephonyFormValues => ({
  provider: 'twilio',
  fromNumber: '',
  accountSid: '',
  authToken: '',
  messagingServiceSid: '',
  authTokenHint: '',
})

export const toTelephonyForm = (s: TelephonySettings): TelephonyFormValues => ({
  provider: s.provider,
  fromNumber: s.fromNumber ?? '',
  accountSid: s.accountSid ?? '',
  authToken: '',
  messagingServiceSid: s.messagingServiceSid ?? '',
  authTokenHint: s.authTokenHint ?? '',
})

/** The settings as the contract takes them: empty fields left out; a simulator sends only its number. */
export const fromTelephonyForm = (v: TelephonyFormValues): TelephonyConfig => {
  const filled = (value: string) => (value.trim() === '' ? undefined : value.trim())
  if (v.provider === 'simulator') return { provider: 'simulator', fromNumber: filled(v.fromNumber) }
  return {
    provider: 'twilio',
    fromNumber: filled(v.fromNumber),
    accountSid: filled(v.accountSid),
    authToken: filled(v.authToken),
    messagingServiceSid: filled(v.messagingServiceSid),
  }
}

/**
 * The contract's rules over the telephony fields, each mistake on its field: a new Twilio line needs the
 * Account SID, the Auth Token and a sender (a number or a Messaging Service SID); a saved one keeps its
 * token when the field stays empty.
 */
export function checkTelephony(v: TelephonyFormValues, ctx: z.RefinementCtx) {
  const config = fromTelephonyForm(v)
  const saved = v.authTokenHint !== ''
  const result = saved
    ? TelephonyConfigUpdate.safeParse({ ...config, provider: undefined })
    : TelephonyConfigSchema.safeParse(config)
  for (const issue of result.success ? [] : result.error.issues) {
    ctx.addIssue({ code: 'custom', path: ['telephony', ...issue.path], message: issue.message })
  }
  if (saved && v.provider === 'twilio' && !config.fromNumber && !config.messagingServiceSid) {
    ctx.addIssue({ code: 'custom', path: ['telephony', 'fromNumber'], message: V.required })
  }
}
