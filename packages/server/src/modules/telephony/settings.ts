import {
  AUTH_TOKEN_HINT_LENGTH,
  pathOf,
  type TelephonyConfigData,
  type TelephonyConfigPublic,
  type TelephonyConfigUpdateData,
} from '@desk/api-client'
import { fieldError } from '../../http/errors'

/** A telephony connection's settings as stored (secrets included). */
export type StoredTelephony = Partial<TelephonyConfigData>

/** Twilio sends media (MMS) from US and Canadian numbers; the simulator always does. */
export const mmsSupported = (settings: StoredTelephony) =>
  settings.provider === 'simulator' || Boolean(settings.fromNumber?.startsWith('+1'))

/** What answers show: the Auth Token's last characters only, and the path of the inbound webhook. */
export const publicTelephony = (connectionId: number, settings: StoredTelephony): TelephonyConfigPublic => ({
  provider: settings.provider ?? 'simulator',
  fromNumber: settings.fromNumber ?? null,
  accountSid: settings.accountSid ?? null,
  messagingServiceSid: settings.messagingServiceSid ?? null,
  authTokenHint: settings.authToken ? settings.authToken.slice(-AUTH_TOKEN_HINT_LENGTH) : null,
  inboundPath: pathOf('telephonyInbound', { connectionId }),
  mms: mmsSupported(settings),
})

/**
 * The stored settings with an update applied: a missing Auth Token keeps the stored one, `null`
 * clears a sender field; a Twilio connection must keep one sender (`fromNumber` or a Messaging Service).
 */
export const updatedTelephony = (stored: StoredTelephony, update: TelephonyConfigUpdateData): StoredTelephony => {
  const next: StoredTelephony = { ...stored }
  if (update.accountSid !== undefined) next.accountSid = update.accountSid
  if (update.authToken !== undefined) next.authToken = update.authToken
  if (update.fromNumber !== undefined) next.fromNumber = update.fromNumber ?? undefined
  if (update.messagingServiceSid !== undefined) next.messagingServiceSid = update.messagingServiceSid ?? undefined
  if (!next.fromNumber && (next.provider === 'simulator' || !next.messagingServiceSid)) {
    throw fieldError('telephony.fromNumber', 'validation.required')
  }
  return next
}
