import { SmsRequest, VoiceCallRequest } from './outreach/channels'
import { JobResponse } from './outreach/jobs'
import { telephonyPaths } from './paths/telephony'
import { defineRoutes, noContent } from './route'
import { TelephonyCallback, TelephonyTestRequest, TelephonyTestResponse, TelephonyWebhookParams } from './telephony'

/**
 * The routes of telephony, on the methods and paths of `paths/telephony`: the seed's SMS and voice jobs, the
 * credentials test, and the provider's callbacks (form-encoded bodies, read raw: the signature is checked
 * before any field is).
 */
export const telephonyRoutes = /* @__PURE__ */ defineRoutes(telephonyPaths, () => ({
  sendSms: { body: SmsRequest, response: JobResponse },
  makeVoiceCall: { body: VoiceCallRequest, response: JobResponse },
  telephonyTest: { body: TelephonyTestRequest, response: TelephonyTestResponse },
  telephonyInbound: { params: TelephonyWebhookParams, rawBody: true, body: TelephonyCallback, answers: 'text' },
  telephonySmsStatus: { params: TelephonyWebhookParams, rawBody: true, body: TelephonyCallback, ...noContent },
  telephonyCallStatus: { params: TelephonyWebhookParams, rawBody: true, body: TelephonyCallback, ...noContent },
}))
