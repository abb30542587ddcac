import type { CallOutcome, TelephonyProvider as ProviderName, SmsDeliveryStatus } from '@desk/api-client'

/**
 * What a telephony provider does for the desk: send an SMS (MMS with media addresses), place a
 * call that speaks a text, check its credentials with a read-only call, and tell whether a
 * callback it posted carries its signature. Twilio is one provider; the simulator another.
 */

export interface SmsSend {
  /** E.164 (`+5511999990000`). */
  to: string
  body: string
  /** Public addresses of media to attach (MMS). */
  mediaUrls?: string[]
  /** Where the provider posts the delivery reports (absolute), when the desk has a public address. */
  statusCallback?: string
}

export interface CallPlacement {
  to: string
  /** The TwiML the call runs when answered. */
  twiml: string
  statusCallback?: string
}

export interface ProviderSent {
  /** The provider's id of the message or call (Twilio's `SM…`/`CA…` SID). */
  sid: string
  /** SMS: the delivery as the provider answered it (usually `queued`). */
  status: string
}

/** A refusal by the provider, with its own code (Twilio's `21608`: the number is not verified on a trial account). */
export class TelephonyError extends Error {
  constructor(
    message: string,
    readonly providerCode: string | null,
    readonly status: number,
  ) {
    super(message)
    this.name = 'TelephonyError'
  }
}

export interface CredentialsCheck {
  ok: boolean
  accountName: string | null
  failure: 'credentials' | 'unreachable' | null
  providerCode: string | null
}

export interface TelephonyProvider {
  readonly name: ProviderName
  /** Whether media (MMS) can go out from this connection's sender. */
  readonly mms: boolean
  sendSms(send: SmsSend): Promise<ProviderSent>
  placeCall(call: CallPlacement): Promise<ProviderSent>
  checkCredentials(): Promise<CredentialsCheck>
  /** A customer's MMS file, from the address the inbound callback named (null when it cannot be read). */
  fetchMedia?(url: string): Promise<{ data: Buffer; mimeType: string } | null>
  /** Whether `signature` signs `url` with `params` (the callback's form fields). */
  validSignature(signature: string | undefined, url: string, params: Record<string, string>): boolean
}

/** Twilio's SMS statuses that the desk shows (`accepted`, `sending`, `scheduled` … read as the nearest one). */
export const deliveryOf = (status: string | undefined): SmsDeliveryStatus | null => {
  switch (status) {
    case 'accepted':
    case 'scheduled':
    case 'queued':
      return 'queued'
    case 'sending':
    case 'sent':
      return 'sent'
    case 'delivered':
    case 'read':
      return 'delivered'
    case 'undelivered':
      return 'undelivered'
    case 'failed':
    case 'canceled':
      return 'failed'
    default:
      return null
  }
}

/** A call's final status, or null while it is still on its way (`queued`, `ringing`, `in-progress`). */
export const callOutcomeOf = (status: string | undefined): CallOutcome | null =>
  status === 'completed' || status === 'busy' || status === 'no-answer' || status === 'failed' || status === 'canceled'
    ? status
    : null
