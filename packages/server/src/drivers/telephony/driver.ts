import { digitsOnly, type Locale } from '@desk/api-client'
import { locationText } from '../location'
import type {
  DeviceContact,
  DriverContext,
  MessagingDriver,
  OutboundLocation,
  OutboundMedia,
  SendOptions,
  SentMessage,
  StoredSession,
} from '../types'
import { type ProviderSent, TelephonyError, type TelephonyProvider } from './provider'
import { sayTwiml } from './twiml'

/** Where the provider posts its callbacks for a connection (absolute), or null without a public address. */
export type CallbackUrls = (kind: 'sms-status' | 'call-status') => string | null

/** A media file made reachable by the provider (MMS fetches it), or null when the desk has no public address. */
export type PublicMedia = (media: OutboundMedia) => Promise<string | null>

/** Raised when media cannot go out by SMS from this connection: the message keeps the refusal's code. */
export class MmsUnsupportedError extends TelephonyError {
  readonly code = 'ERR_TELEPHONY_MMS_UNSUPPORTED' as const
  constructor() {
    super('Media (MMS) cannot be sent from this number', null, 400)
  }
}

/**
 * A telephony connection: SMS and calls through a provider (Twilio or the simulator). There is no
 * phone to pair; a configured connection is CONNECTED. What customers write arrives through the
 * provider's signed callback (`/webhooks/telephony/:connectionId/sms`), handed to `receive`.
 */
export class TelephonyDriver implements MessagingDriver {
  readonly kind = 'telephony' as const
  private running = false

  constructor(
    private readonly context: DriverContext,
    readonly provider: TelephonyProvider | null,
    private readonly callbacks: CallbackUrls,
    private readonly publicMedia: PublicMedia,
  ) {}

  get connectionId() {
    return this.context.connectionId
  }

  get events() {
    return this.context.events
  }

  isConnected() {
    return this.running
  }

  async start() {
    await this.context.events.status({ status: 'OPENING', qrcode: null, retries: 0 })
    this.running = this.provider !== null
    await this.context.events.status({ status: this.running ? 'CONNECTED' : 'DISCONNECTED', qrcode: null, retries: 0 })
  }

  async resume(session: StoredSession) {
    this.running = session.status === 'CONNECTED' && this.provider !== null
  }

  async stop() {
    this.running = false
  }

  private live(): TelephonyProvider {
    if (!this.running || !this.provider) throw new TelephonyError('not connected', null, 503)
    return this.provider
  }

  private sent(answer: ProviderSent): SentMessage {
    return { providerMessageId: answer.sid, ack: 1 }
  }

  async sendText(to: string, body: string, _options?: SendOptions) {
    const statusCallback = this.callbacks('sms-status') ?? undefined
    return this.sent(await this.live().sendSms({ to: e164(to), body, statusCallback }))
  }

  async sendMedia(to: string, media: OutboundMedia, _options?: SendOptions) {
    const provider = this.live()
    // The simulated network takes the file as it is; a real provider fetches it from the desk's public address.
    const url = !provider.mms
      ? null
      : ((await this.publicMedia(media)) ?? (provider.name === 'simulator' ? `simulated:${media.fileName}` : null))
    if (!url) throw new MmsUnsupportedError()
    const statusCallback = this.callbacks('sms-status') ?? undefined
    return this.sent(
      await provider.sendSms({ to: e164(to), body: media.caption ?? '', mediaUrls: [url], statusCallback }),
    )
  }

  async sendLocation(to: string, location: OutboundLocation, options?: SendOptions) {
    return this.sendText(to, locationText(location), options)
  }

  async sendVcard(to: string, contact: DeviceContact, options?: SendOptions) {
    return this.sendText(to, `${contact.name}\n+${digitsOnly(contact.number)}`, options)
  }

  /** A call that speaks `text` in `language` once answered; answers the call's id. */
  async placeCall(to: string, text: string, language: Locale): Promise<ProviderSent> {
    const statusCallback = this.callbacks('call-status') ?? undefined
    return this.live().placeCall({ to: e164(to), twiml: sayTwiml(text, language), statusCallback })
  }

  async deleteMessage(): Promise<void> {
    throw new TelephonyError('An SMS cannot be taken back', null, 400)
  }

  /** SMS have no read receipts. */
  async markRead() {}

  /** The provider offers no lookup here; a plausible number is taken as it is. */
  async checkNumber(number: string) {
    const digits = digitsOnly(number)
    return digits.length >= 8 ? digits : null
  }

  async listDeviceContacts(): Promise<DeviceContact[]> {
    return []
  }
}

/** The desk's digits as the provider's E.164. */
export const e164 = (to: string) => `+${digitsOnly(to)}`
