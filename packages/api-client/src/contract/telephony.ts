import { z } from 'zod'
import { safeText } from './text'
import { Id, VALIDATION_MESSAGES } from './validation'

/**
 * Telephony connections (`driver: 'telephony'`): SMS and voice calls through a provider. `twilio`
 * sends through a Twilio account (Account SID, Auth Token, and a sender: a phone number or a
 * Messaging Service SID); `simulator` behaves the same with no account, on the simulated network.
 *
 * The Auth Token is write-only, as every driver secret: requests may carry it, answers only say
 * its last characters (`authTokenHint`).
 */

const m = VALIDATION_MESSAGES

export const TELEPHONY_PROVIDERS = ['twilio', 'simulator'] as const
export const TelephonyProvider = z.enum(TELEPHONY_PROVIDERS, { error: m.invalid })
export type TelephonyProvider = z.infer<typeof TelephonyProvider>

/** How many last characters of the Auth Token an answer shows. */
export const AUTH_TOKEN_HINT_LENGTH = 4

/** A phone number in E.164 (`+5511999990000`): what the provider sends from. */
export const PhoneNumberE164 = safeText({ error: m.required })
  .trim()
  .regex(/^\+[1-9]\d{6,14}$/, { error: m.invalid })

/** `AC` and 32 hex digits. */
export const TwilioAccountSid = safeText({ error: m.required })
  .trim()
  .regex(/^AC[0-9a-fA-F]{32}$/, { error: m.invalid })
/** `MG` and 32 hex digits. */
export const TwilioMessagingServiceSid = safeText({ error: m.required })
  .trim()
  .regex(/^MG[0-9a-fA-F]{32}$/, { error: m.invalid })
export const TwilioAuthToken = safeText({ error: m.required })
  .trim()
  .min(16, { error: m.invalid })
  .max(128, { error: m.tooLong })
  .regex(/^\S+$/, { error: m.invalid })

/** An empty string means "none" (optional fields) or "keep what is stored" (secrets on update). */
const emptyAsUndefined = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional()

/**
 * Settings of a telephony connection on create. Twilio needs the Account SID, the Auth Token and
 * a sender: `fromNumber` or `messagingServiceSid` (calls always go out from `fromNumber`, so a
 * connection that makes calls needs it). The simulator needs only its number.
 */
export const TelephonyConfig = z
  .object({
    provider: TelephonyProvider,
    /** The connection's own number: inbound SMS to it become tickets; SMS and calls go out from it. */
    fromNumber: emptyAsUndefined(PhoneNumberE164),
    accountSid: emptyAsUndefined(TwilioAccountSid),
    authToken: emptyAsUndefined(TwilioAuthToken),
    messagingServiceSid: emptyAsUndefined(TwilioMessagingServiceSid),
  })
  .superRefine((v, ctx) => {
    if (v.provider === 'twilio') {
      if (!v.accountSid) ctx.addIssue({ code: 'custom', path: ['accountSid'], message: m.required })
      if (!v.authToken) ctx.addIssue({ code: 'custom', path: ['authToken'], message: m.required })
      if (!v.fromNumber && !v.messagingServiceSid) {
        ctx.addIssue({ code: 'custom', path: ['fromNumber'], message: m.required })
      }
    } else if (!v.fromNumber) {
      ctx.addIssue({ code: 'custom', path: ['fromNumber'], message: m.required })
    }
  })
export type TelephonyConfig = z.input<typeof TelephonyConfig>
export type TelephonyConfigData = z.output<typeof TelephonyConfig>

/**
 * `PUT /whatsapp/:id` of a telephony connection: every field optional; a missing or empty Auth
 * Token keeps the stored one. `null` clears the sender field (the other must remain). The
 * provider of a connection does not change.
 */
export const TelephonyConfigUpdate = z.object({
  fromNumber: z.union([z.literal('').transform(() => null), z.null(), PhoneNumberE164]).optional(),
  accountSid: emptyAsUndefined(TwilioAccountSid),
  authToken: emptyAsUndefined(TwilioAuthToken),
  messagingServiceSid: z.union([z.literal('').transform(() => null), z.null(), TwilioMessagingServiceSid]).optional(),
})
export type TelephonyConfigUpdate = z.input<typeof TelephonyConfigUpdate>
export type TelephonyConfigUpdateData = z.output<typeof TelephonyConfigUpdate>

/** What an answer says about a telephony connection's settings. */
export const TelephonyConfigPublic = z.object({
  provider: TelephonyProvider,
  fromNumber: safeText().nullable(),
  accountSid: safeText().nullable(),
  messagingServiceSid: safeText().nullable(),
  /** The Auth Token's last characters (`AUTH_TOKEN_HINT_LENGTH`), or null when none is stored. */
  authTokenHint: safeText().nullable(),
  /**
   * Path (below the API's base URL) to set as the number's "A message comes in" webhook at the
   * provider, e.g. `/webhooks/telephony/3/sms`. Status callbacks are set on each send.
   */
  inboundPath: safeText(),
  /** Whether this connection can send media (MMS): the provider's country decides. */
  mms: z.boolean(),
})
export type TelephonyConfigPublic = z.infer<typeof TelephonyConfigPublic>

/**
 * `POST /telephony/test`: checks a provider's credentials with one read-only call (Twilio: the
 * account itself). Values given win; missing ones (the Auth Token left empty in the form) are
 * taken from `connectionId`'s stored settings.
 */
export const TelephonyTestRequest = z.object({
  connectionId: Id.optional(),
  provider: TelephonyProvider.optional(),
  accountSid: emptyAsUndefined(TwilioAccountSid),
  authToken: emptyAsUndefined(TwilioAuthToken),
})
export type TelephonyTestRequest = z.input<typeof TelephonyTestRequest>

/** Why a credentials test failed: refused credentials, or the provider could not be reached. */
export const TELEPHONY_TEST_FAILURES = ['credentials', 'unreachable'] as const
export const TelephonyTestResponse = z.object({
  ok: z.boolean(),
  /** The account's name at the provider, when the test passed. */
  accountName: safeText().nullable(),
  failure: z.enum(TELEPHONY_TEST_FAILURES).nullable(),
  /** The provider's own error code (Twilio's `20003` for refused credentials). */
  providerCode: safeText().nullable(),
})
export type TelephonyTestResponse = z.infer<typeof TelephonyTestResponse>

/** `:connectionId` of the provider's callbacks. */
export const TelephonyWebhookParams = z.object({ connectionId: Id })
export type TelephonyWebhookParams = z.infer<typeof TelephonyWebhookParams>

/** Twilio signs every callback with this header (HMAC-SHA1 of the URL and the sorted form fields). */
export const TWILIO_SIGNATURE_HEADER = 'x-twilio-signature'

/**
 * The form fields of Twilio's callbacks the desk reads (`application/x-www-form-urlencoded`); the
 * rest are kept for the signature only. Read after the signature check.
 */
export const TelephonyCallback = z.record(safeText(), safeText())
export type TelephonyCallback = z.infer<typeof TelephonyCallback>

/** Inbound SMS keywords that opt the sender out (English, Portuguese and Spanish, and Twilio's own). */
export const SMS_OPT_OUT_KEYWORDS = [
  'STOP',
  'STOPALL',
  'UNSUBSCRIBE',
  'CANCEL',
  'END',
  'QUIT',
  'PARAR',
  'SAIR',
  'CANCELAR',
  'BAJA',
] as const
/** Whether an inbound SMS is an opt-out keyword (alone, any case, surrounding spaces and a final `!`/`.` ignored). */
export const isSmsOptOut = (body: string): boolean =>
  (SMS_OPT_OUT_KEYWORDS as readonly string[]).includes(
    body
      .trim()
      .replace(/[.!]+$/, '')
      .toUpperCase(),
  )

/**
 * The delivery of one SMS as the provider reports it: `queued` (accepted), `sent` (handed to the
 * carrier), `delivered`, `undelivered` (the carrier refused it), `failed` (never left).
 */
export const SMS_DELIVERY_STATUSES = ['queued', 'sent', 'delivered', 'undelivered', 'failed'] as const
export const SmsDeliveryStatus = z.enum(SMS_DELIVERY_STATUSES)
export type SmsDeliveryStatus = z.infer<typeof SmsDeliveryStatus>

/** How a call ended: answered and finished, busy, not answered, failed, or cancelled before it rang. */
export const CALL_OUTCOMES = ['completed', 'busy', 'no-answer', 'failed', 'canceled'] as const
export const CallOutcome = z.enum(CALL_OUTCOMES)
export type CallOutcome = z.infer<typeof CallOutcome>
