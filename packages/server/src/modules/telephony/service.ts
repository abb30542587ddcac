import {
  digitsOnly,
  type Job,
  type SmsData,
  TelephonyCallback,
  type TelephonyTestData,
  type TelephonyTestResponse,
} from '@desk/api-client'
import type { Db } from '../../db'
import { createTwilioProvider, TelephonyDriver, type TelephonyProvider } from '../../drivers/telephony'
import { AppError, fieldError, parseInput } from '../../http/errors'
import { findConnectionDriver, parseConfig } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'
import type { BulkInput } from '../outreach/creation'
import { type Actor, requireAdmin } from '../users/access'
import { createTelephonyCallbacks } from './callbacks'
import { listTelephonyConnections } from './repository'
import type { StoredTelephony } from './settings'

/** The seed's "about 5 s apart": a random 2 to 3 s before and after each send. */
export const DEFAULT_TELEPHONY_PACE = { minInterval: 2, maxInterval: 3 }
/** Twilio sends one message a second from a number: a job never waits less than this between sends. */
const TWILIO_MIN_INTERVAL = 1

export interface TelephonyServiceDeps {
  db: Db
  sessions: Pick<SessionManager, 'driver'>
  createJob(owner: number | null, kind: 'sms' | 'voiceCall', input: BulkInput, payload: unknown): Promise<Job>
  optOut(number: string): Promise<void>
  twilioBaseUrl?: string
  /** The desk's public address (`PUBLIC_URL`): the callbacks' signed address starts with it. */
  publicUrl?: string
  /** The pace of SMS and call jobs, in seconds (tests make it quicker; Twilio's rate is a floor). */
  pace?: { minInterval: number; maxInterval: number }
}

const refused = () => new AppError('ERR_NO_PERMISSION', 403)

/**
 * SMS and voice calls: the seed's two calls as outreach jobs on the telephony connection that
 * sends from `from`, the credentials test, and the provider's signed callbacks.
 */
export const createTelephonyService = (deps: TelephonyServiceDeps) => {
  const { db, sessions } = deps

  /** The telephony connection whose number (digits compared) or Messaging Service SID is `from`. */
  const senderOf = async (from: string) => {
    const digits = digitsOnly(from)
    const found = (await listTelephonyConnections(db)).find(
      ({ settings }) =>
        (digits.length > 0 && digitsOnly(settings.fromNumber ?? '') === digits) ||
        (settings.messagingServiceSid !== undefined && settings.messagingServiceSid === from.trim()),
    )
    if (!found)
      throw new AppError('ERR_TELEPHONY_SENDER_UNKNOWN', 400, [{ path: 'from', message: 'validation.invalid' }])
    return found
  }

  /** `POST /sendSms` and `POST /makeVoiceCall`: a job of the list, at the telephony pace. */
  const send = async (owner: number | null, kind: 'sms' | 'voiceCall', input: SmsData): Promise<Job> => {
    const sender = await senderOf(input.from)
    if (kind === 'voiceCall' && !sender.settings.fromNumber) throw new AppError('ERR_TELEPHONY_NO_CALLER_NUMBER', 400)
    const pace = deps.pace ?? DEFAULT_TELEPHONY_PACE
    const floor = sender.settings.provider === 'twilio' ? TWILIO_MIN_INTERVAL : 0
    const minInterval = Math.max(floor, pace.minInterval)
    const base: BulkInput = {
      ticketwhatsappId: sender.id,
      numbers: input.to,
      // Numbers are dialled as typed: the seed's WhatsApp rule for Brazilian numbers does not apply to phone calls and SMS.
      keepAsTyped: input.to,
      minInterval,
      maxInterval: Math.max(minInterval, pace.maxInterval),
      isGroup: false,
    }
    return deps.createJob(owner, kind, base, { message: input.text })
  }

  /** The running provider of a telephony connection; another connection is `ERR_NO_WAPP_FOUND`, a stopped one 503. */
  const providerOf = async (
    connectionId: number,
  ): Promise<{ driver: TelephonyDriver; provider: TelephonyProvider }> => {
    const row = await findConnectionDriver(db, connectionId)
    if (row?.driver !== 'telephony') throw new AppError('ERR_NO_WAPP_FOUND', 404)
    const driver = await sessions.driver(connectionId)
    if (!(driver instanceof TelephonyDriver) || !driver.provider || !driver.isConnected()) {
      throw new AppError('ERR_WAPP_NOT_INITIALIZED', 503)
    }
    return { driver, provider: driver.provider }
  }

  const callbacks = createTelephonyCallbacks({ db, optOut: deps.optOut })

  /**
   * One callback of the provider: the signature over the exact address and form fields is checked
   * before any field is read; unsigned or wrongly signed is a 403 that changes nothing.
   */
  const callback = async (
    connectionId: number,
    kind: 'sms' | 'sms-status' | 'call-status',
    request: { raw: Buffer; signature: string | undefined; url: string },
  ) => {
    const { driver, provider } = await providerOf(connectionId)
    const params = Object.fromEntries(new URLSearchParams(request.raw.toString('utf8')))
    if (!provider.validSignature(request.signature, request.url, params)) throw refused()
    const fields = parseInput(TelephonyCallback, params)
    if (kind === 'sms') return callbacks.inbound(driver, fields)
    if (kind === 'sms-status') return callbacks.smsStatus(driver, fields)
    return callbacks.callStatus(connectionId, fields)
  }

  /** The simulator's own reports, which never travel over HTTP (and so carry no signature). */
  const simulatedReport = async (
    connectionId: number,
    kind: 'sms-status' | 'call-status',
    fields: Record<string, string>,
  ) => {
    const driver = await sessions.driver(connectionId)
    if (!(driver instanceof TelephonyDriver)) return
    if (kind === 'sms-status') await callbacks.smsStatus(driver, fields)
    else await callbacks.callStatus(connectionId, fields)
  }

  /** A customer's SMS on a simulator connection (the simulator's control call): as the provider's callback would bring it. */
  const simulatedInbound = async (
    connectionId: number,
    sms: { from: string; body: string; providerMessageId: string },
  ) => {
    const { driver, provider } = await providerOf(connectionId)
    if (provider.name !== 'simulator') throw new AppError('ERR_NO_WAPP_FOUND', 404)
    return callbacks.receive(driver, { ...sms, from: digitsOnly(sms.from) })
  }

  /** `POST /telephony/test`: one read-only call with the given credentials, the stored ones filling the gaps. */
  const test = async (actor: Actor, input: TelephonyTestData): Promise<TelephonyTestResponse> => {
    requireAdmin(actor)
    let stored: StoredTelephony = {}
    if (input.connectionId !== undefined) {
      const row = await findConnectionDriver(db, input.connectionId)
      if (row?.driver !== 'telephony') throw new AppError('ERR_NO_WAPP_FOUND', 404)
      stored = parseConfig(row.config).telephony ?? {}
    }
    const provider = input.provider ?? stored.provider ?? 'twilio'
    if (provider === 'simulator') return { ok: true, accountName: 'Simulator', failure: null, providerCode: null }
    const accountSid = input.accountSid || stored.accountSid
    const authToken = input.authToken || stored.authToken
    if (!accountSid) throw fieldError('accountSid', 'validation.required')
    if (!authToken) throw fieldError('authToken', 'validation.required')
    return createTwilioProvider({ accountSid, authToken }, { baseUrl: deps.twilioBaseUrl }).checkCredentials()
  }

  /**
   * The address the provider posted to, as it signed it: the public address and the request's path,
   * or (without `PUBLIC_URL`) the address as this server was reached.
   */
  const addressOf = (request: { url: string; protocol: string; host: string }) =>
    deps.publicUrl
      ? `${deps.publicUrl.replace(/\/+$/, '')}${request.url}`
      : `${request.protocol}://${request.host}${request.url}`

  return { send, callback, simulatedReport, simulatedInbound, test, addressOf }
}

export type TelephonyService = ReturnType<typeof createTelephonyService>
