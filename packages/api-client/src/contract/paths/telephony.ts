/**
 * Telephony: SMS and voice calls through a provider. Method and path of each route, free of zod: the
 * schemas are in `../telephony-routes.ts`.
 */
import { post } from './verbs'

export const telephonyPaths = {
  /** The seed's /SMS and /VoiceCall: a job of SMS or calls (202 with the job). */
  sendSms: post('/sendSms'),
  makeVoiceCall: post('/makeVoiceCall'),
  /** Admins: check a provider's credentials with one read-only call. */
  telephonyTest: post('/telephony/test'),
  /** The provider's signed callbacks (no sign-in): an inbound SMS, an SMS's delivery, a call's status. */
  telephonyInbound: post('/webhooks/telephony/:connectionId/sms'),
  telephonySmsStatus: post('/webhooks/telephony/:connectionId/sms-status'),
  telephonyCallStatus: post('/webhooks/telephony/:connectionId/call-status'),
} as const
