import twilio from 'twilio'
import type RequestClient from 'twilio/lib/base/RequestClient'
import { DEFAULT_TWILIO_API_BASE_URL } from '../../config'
import {
  type CallPlacement,
  type CredentialsCheck,
  type ProviderSent,
  type SmsSend,
  TelephonyError,
  type TelephonyProvider,
} from './provider'

type RequestOptions<TData> = RequestClient.RequestOptions<TData>

export interface TwilioSettings {
  accountSid: string
  authToken: string
  fromNumber?: string | null
  messagingServiceSid?: string | null
}

export interface TwilioOptions {
  /** Every Twilio host is reached here instead (a local fake in tests); default the public API. */
  baseUrl?: string
}

/**
 * The helper library's HTTP client with the origin of every address swapped for `baseUrl`: the
 * library keeps its own paths, forms and errors, and a test's fake answers them.
 */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly origin: string) {
    super()
  }

  override request<TData>(opts: RequestOptions<TData>) {
    const uri = new URL(opts.uri)
    const base = new URL(this.origin)
    uri.protocol = base.protocol
    uri.host = base.host
    return super.request<TData>({ ...opts, uri: uri.toString() })
  }
}

/** Twilio carries MMS files up to 5 MB. */
const MMS_MAX_BYTES = 5 * 1024 * 1024

/** Twilio's country rule for MMS: US and Canadian numbers send media; others send text only. */
const mmsCountry = (fromNumber: string | null | undefined) => Boolean(fromNumber?.startsWith('+1'))

const refusalOf = (error: unknown): TelephonyError => {
  const e = error as { status?: number; code?: number | string; message?: string }
  return new TelephonyError(
    e.message ?? 'The telephony provider refused the request',
    e.code === undefined ? null : String(e.code),
    typeof e.status === 'number' ? e.status : 502,
  )
}

/** Twilio through its official helper library (`twilio` 6.3). */
export const createTwilioProvider = (settings: TwilioSettings, options: TwilioOptions = {}): TelephonyProvider => {
  const baseUrl = options.baseUrl ?? DEFAULT_TWILIO_API_BASE_URL
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: baseUrl === DEFAULT_TWILIO_API_BASE_URL ? undefined : new RebasedRequestClient(baseUrl),
  })
  const sender = () =>
    settings.messagingServiceSid
      ? { messagingServiceSid: settings.messagingServiceSid }
      : { from: settings.fromNumber ?? undefined }

  return {
    name: 'twilio',
    // Through a Messaging Service, Twilio picks the sender; its numbers' country is not known here.
    mms: mmsCountry(settings.fromNumber),

    async sendSms(send: SmsSend): Promise<ProviderSent> {
      try {
        const message = await client.messages.create({
          ...sender(),
          to: send.to,
          body: send.body,
          ...(send.mediaUrls?.length ? { mediaUrl: send.mediaUrls } : {}),
          ...(send.statusCallback ? { statusCallback: send.statusCallback } : {}),
        })
        return { sid: message.sid, status: message.status }
      } catch (error) {
        throw refusalOf(error)
      }
    },

    async placeCall(call: CallPlacement): Promise<ProviderSent> {
      if (!settings.fromNumber) throw new TelephonyError('Calls need a sender number', null, 400)
      try {
        const placed = await client.calls.create({
          from: settings.fromNumber,
          to: call.to,
          twiml: call.twiml,
          ...(call.statusCallback
            ? { statusCallback: call.statusCallback, statusCallbackEvent: ['completed'], statusCallbackMethod: 'POST' }
            : {}),
        })
        return { sid: placed.sid, status: placed.status }
      } catch (error) {
        throw refusalOf(error)
      }
    },

    async checkCredentials(): Promise<CredentialsCheck> {
      try {
        const account = await client.api.v2010.accounts(settings.accountSid).fetch()
        return { ok: true, accountName: account.friendlyName ?? null, failure: null, providerCode: null }
      } catch (error) {
        const refusal = refusalOf(error)
        const refused = refusal.status === 401 || refusal.status === 403 || refusal.status === 404
        return {
          ok: false,
          accountName: null,
          failure: refused ? 'credentials' : 'unreachable',
          providerCode: refusal.providerCode,
        }
      }
    },

    async fetchMedia(url) {
      // Twilio's media addresses need the account's credentials; they redirect to the file itself.
      let target: URL
      try {
        target = new URL(url)
      } catch {
        return null
      }
      if (baseUrl !== DEFAULT_TWILIO_API_BASE_URL) {
        const base = new URL(baseUrl)
        target.protocol = base.protocol
        target.host = base.host
      } else if (target.hostname !== 'api.twilio.com') return null
      const auth = Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString('base64')
      const res = await fetch(target, { headers: { authorization: `Basic ${auth}` }, redirect: 'follow' })
      if (!res.ok) return null
      const data = Buffer.from(await res.arrayBuffer())
      if (data.length > MMS_MAX_BYTES) return null
      return { data, mimeType: res.headers.get('content-type')?.split(';')[0]?.trim() || 'application/octet-stream' }
    },

    validSignature(signature, url, params) {
      if (!signature) return false
      return twilio.validateRequest(settings.authToken, signature, url, params)
    },
  }
}
