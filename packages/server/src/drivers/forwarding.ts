import type { Driver } from '@desk/api-client'
import type {
  DeviceContact,
  HistoryConversation,
  HistoryOptions,
  MessagingDriver,
  OutboundLocation,
  OutboundMedia,
  SendOptions,
  SentMessage,
} from './types'

/** Sends one call to the process holding the session and answers what the holder's driver answered. */
export type Forward = (op: string, args: unknown[]) => Promise<unknown>

/** A file on its way to the holder: its bytes as base64, since the call travels as JSON. */
type MediaOnTheWire = Omit<OutboundMedia, 'data'> & { data: string }

/**
 * A session another server process holds (the web session runs one socket per linked device, in one
 * place): every call goes to the holder, whose driver does it. `connected` is what the stored session
 * said when the caller looked it up. Starting and stopping are the holder's own business.
 */
export class ForwardingDriver implements MessagingDriver {
  constructor(
    readonly kind: Driver,
    private readonly connected: boolean,
    private readonly forward: Forward,
  ) {}

  isConnected() {
    return this.connected
  }

  async start() {
    throw new Error('the session runs in another server process')
  }

  async stop() {}

  async sendText(to: string, body: string, options?: SendOptions) {
    return (await this.forward('sendText', [to, body, options])) as SentMessage
  }

  async sendMedia(to: string, media: OutboundMedia, options?: SendOptions) {
    const wire: MediaOnTheWire = { ...media, data: media.data.toString('base64') }
    return (await this.forward('sendMedia', [to, wire, options])) as SentMessage
  }

  async sendLocation(to: string, location: OutboundLocation, options?: SendOptions) {
    return (await this.forward('sendLocation', [to, location, options])) as SentMessage
  }

  async sendVcard(to: string, contact: DeviceContact, options?: SendOptions) {
    return (await this.forward('sendVcard', [to, contact, options])) as SentMessage
  }

  async deleteMessage(to: string, providerMessageId: string) {
    await this.forward('deleteMessage', [to, providerMessageId])
  }

  async markRead(to: string, providerMessageIds: string[]) {
    await this.forward('markRead', [to, providerMessageIds])
  }

  async checkNumber(number: string) {
    return (await this.forward('checkNumber', [number])) as string | null
  }

  async listDeviceContacts() {
    return (await this.forward('listDeviceContacts', [])) as DeviceContact[]
  }

  async countHistory(options: HistoryOptions) {
    return (await this.forward('countHistory', [options])) as number
  }

  /** The holder reads the phone's chats and sends them in one answer (what the phone shared is in its memory). */
  async *fetchHistory(options: HistoryOptions): AsyncIterable<HistoryConversation> {
    yield* (await this.forward('fetchHistory', [options])) as HistoryConversation[]
  }
}

/** The holder's side: runs a forwarded call on its own driver. Only the calls above are served. */
export const runForwarded = async (driver: MessagingDriver, op: string, args: unknown[]): Promise<unknown> => {
  const a = args as never[]
  switch (op) {
    case 'sendText':
      return driver.sendText(a[0], a[1], a[2])
    case 'sendMedia': {
      const wire = a[1] as MediaOnTheWire
      return driver.sendMedia(a[0], { ...wire, data: Buffer.from(wire.data, 'base64') }, a[2])
    }
    case 'sendLocation':
      return driver.sendLocation(a[0], a[1], a[2])
    case 'sendVcard':
      return driver.sendVcard(a[0], a[1], a[2])
    case 'deleteMessage':
      return driver.deleteMessage(a[0], a[1])
    case 'markRead':
      return driver.markRead(a[0], a[1])
    case 'checkNumber':
      return driver.checkNumber(a[0])
    case 'listDeviceContacts':
      return driver.listDeviceContacts()
    case 'countHistory':
      return driver.countHistory?.(a[0]) ?? 0
    case 'fetchHistory': {
      const all: HistoryConversation[] = []
      if (driver.fetchHistory) for await (const conversation of driver.fetchHistory(a[0])) all.push(conversation)
      return all
    }
    default:
      throw new Error(`${op} is not a session call`)
  }
}
