import { randomUUID } from 'node:crypto'
import { digitsOnly } from '@desk/api-client'
import type { SimulatorNetwork } from '../simulator-network'
import type { CallPlacement, ProviderSent, SmsSend, TelephonyProvider } from './provider'

/** What the simulated provider reports back, as the real one's callbacks would: the same form fields. */
export type SimulatedReport = (kind: 'sms-status' | 'call-status', fields: Record<string, string>) => void

/** How long a simulated call "lasts" (seconds): long enough to say the text. */
const spokenSeconds = (text: string) => Math.max(3, Math.ceil(text.length / 15))

/**
 * The telephony simulator: every SMS and call is written to the durable simulated network (its
 * outbox, which tests and demos read), then reported delivered or completed, with no account.
 * A number in the phone book's `unregistered` list gets an SMS `undelivered` (30003) and a call
 * `no-answer`, so both outcomes can be shown.
 */
export const createSimulatedProvider = (
  connectionId: number,
  network: SimulatorNetwork,
  report: SimulatedReport,
): TelephonyProvider => {
  const record = (kind: 'text' | 'media' | 'call', to: string, body: string, prefix: string): string => {
    const sid = `${prefix}${randomUUID().replace(/-/g, '')}`
    network.record(connectionId, {
      providerMessageId: sid,
      messageId: null,
      kind,
      to: digitsOnly(to),
      body,
      mediaType: kind === 'media' ? 'image' : 'chat',
      ack: 1,
      createdAt: new Date().toISOString(),
    })
    return sid
  }
  const unreachable = (to: string) => network.isUnregistered(connectionId, digitsOnly(to))

  return {
    name: 'simulator',
    mms: true,

    async sendSms(send: SmsSend): Promise<ProviderSent> {
      const sid = record(send.mediaUrls?.length ? 'media' : 'text', send.to, send.body, 'SM')
      const failed = unreachable(send.to)
      setImmediate(() =>
        report('sms-status', {
          MessageSid: sid,
          MessageStatus: failed ? 'undelivered' : 'delivered',
          ...(failed ? { ErrorCode: '30003' } : {}),
        }),
      )
      return { sid, status: 'queued' }
    },

    async placeCall(call: CallPlacement): Promise<ProviderSent> {
      const text = call.twiml.replace(/<[^>]+>/g, '')
      const sid = record('call', call.to, text, 'CA')
      const answered = !unreachable(call.to)
      setImmediate(() =>
        report('call-status', {
          CallSid: sid,
          CallStatus: answered ? 'completed' : 'no-answer',
          CallDuration: answered ? String(spokenSeconds(text)) : '0',
        }),
      )
      return { sid, status: 'queued' }
    },

    async checkCredentials() {
      return { ok: true, accountName: 'Simulator', failure: null, providerCode: null }
    },

    /** The simulator's reports never travel over HTTP: no callback from outside is its own. */
    validSignature() {
      return false
    },
  }
}
