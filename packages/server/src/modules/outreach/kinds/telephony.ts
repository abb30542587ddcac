import { type Locale, requiredString } from '@desk/api-client'
import { z } from 'zod'
import { TelephonyDriver, TelephonyError } from '../../../drivers/telephony'
import { driverTarget, type JobKindHandler, type KindContext } from './types'

/** The payload of an SMS or voice job: the text sent, or spoken in the call. */
export const TelephonyPayload = z.object({ message: requiredString(1600) })
export type TelephonyPayload = z.infer<typeof TelephonyPayload>

/** A refusal by the provider, recorded on the recipient as `[code] text` (its code shown as `providerError`). */
export const providerRefusal = (error: unknown): Error =>
  error instanceof TelephonyError && error.providerCode
    ? new Error(`[${error.providerCode}] ${error.message}`)
    : error instanceof Error
      ? error
      : new Error(String(error))

const telephonyOf = ({ driver }: KindContext): TelephonyDriver => {
  if (!(driver instanceof TelephonyDriver)) throw new Error('The connection is not a telephony connection')
  return driver
}

/** `sms`: one SMS per recipient; the provider's delivery reports update each one afterwards. */
export const smsKind: JobKindHandler<TelephonyPayload> = {
  payload: TelephonyPayload,
  async send(ctx, { address }, { message }) {
    const sent = await telephonyOf(ctx)
      .sendText(driverTarget(address), message)
      .catch((error: unknown) => {
        throw providerRefusal(error)
      })
    return { providerMessageId: sent.providerMessageId }
  },
  conversationCopy: ({ message }) => ({ body: message, mediaType: 'chat' }),
}

/** `voiceCall`: one call per recipient speaking the message in the desk's language; its status callback records how it ended. */
export const createVoiceCallKind = (language: () => Promise<Locale>): JobKindHandler<TelephonyPayload> => ({
  payload: TelephonyPayload,
  async send(ctx, { address }, { message }) {
    const placed = await telephonyOf(ctx)
      .placeCall(driverTarget(address), message, await language())
      .catch((error: unknown) => {
        throw providerRefusal(error)
      })
    return { providerMessageId: placed.sid }
  },
})
