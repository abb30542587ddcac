import { randomUUID } from 'node:crypto'
import type {
  DeviceContact,
  DriverContext,
  InboundMessage,
  MessagingDriver,
  OutboundLocation,
  OutboundMedia,
  SendOptions,
  SentMessage,
  StoredSession,
} from './types'

/**
 * The web chat (the embeddable widget, issue 14): the visitors of a partner's site are this
 * network's customers. There is nothing to pair and no remote service: a connection is CONNECTED
 * as soon as it starts, and the network is the desk's own database and socket rooms.
 *
 * How its contacts read (so the desk's screens keep working for them): a visitor is a contact
 * without a number (`number` null, as contacts may be), named by the partner's token or the
 * visitor ("Visitor 3f2a" until then), with the e-mail they gave. Who they are on the connection
 * is the `webchat_identities` row (`id:<partner identifier>` or `anon:<random>`), never the
 * contact's fields, so an agent may rename them, add a number or an e-mail in the contact drawer
 * without changing who the visitor is. Their address on this network is the contact's id
 * (`addressOf`), since the number, if any, is the agent's note.
 *
 * - What a visitor sends arrives as an inbound message (`receive`), with the contact already
 *   known and the provider id `webchat:<contactId>:<clientId>`, so the desk's inbound path (one
 *   live ticket per contact and connection, queues, greeting, routing, bots) runs as for any
 *   network and a retried send is stored once.
 * - What the desk sends is stored by the desk as for any network; this driver keeps nothing and
 *   answers at once with `ack` 1 (on the server). The visitor's frame hears every stored or
 *   changed message of its conversation through the socket rooms (`realtime/widget-relay.ts`),
 *   which works across processes through the socket.io adapter.
 * - The desk reading the visitor's messages (`markRead`) marks them read (`ack` 3), which the
 *   frame shows as ticks; the visitor reading the desk's messages is `POST /api/widget/read`.
 */

/** The provider id of a visitor's message: their contact and the id their frame gave it. */
export const visitorMessageId = (contactId: number, clientId: string) => `webchat:${contactId}:${clientId}`

/** The frame's id of a visitor's message, from its provider id; null for anything else. */
export const clientIdOf = (providerMessageId: string | null): string | null =>
  providerMessageId?.match(/^webchat:\d+:([A-Za-z0-9_-]+)$/)?.[1] ?? null

const ADDRESS = /^contact:(\d+)$/

export class WebChatDriver implements MessagingDriver {
  readonly kind = 'webchat' as const
  private running = false

  constructor(private readonly context: DriverContext) {}

  isConnected() {
    return this.running
  }

  async start() {
    this.running = true
    await this.context.events.status({ status: 'CONNECTED', qrcode: null, retries: 0 })
  }

  async resume(session: StoredSession) {
    this.running = session.status === 'CONNECTED'
  }

  async stop() {
    this.running = false
  }

  addressOf(contact: { id: number }) {
    return `contact:${contact.id}`
  }

  /** A visitor wrote: the message goes the way every network's inbound messages go. */
  receive(message: InboundMessage) {
    return this.context.events.inbound(message)
  }

  private sent(to: string): SentMessage {
    if (!ADDRESS.test(to)) throw new Error(`not a web chat address: ${to}`)
    return { providerMessageId: `webchat:out:${randomUUID()}`, ack: 1 }
  }

  async sendText(to: string, _body: string, _options?: SendOptions) {
    return this.sent(to)
  }

  async sendMedia(to: string, _media: OutboundMedia, _options?: SendOptions) {
    return this.sent(to)
  }

  async sendLocation(to: string, _location: OutboundLocation, _options?: SendOptions) {
    return this.sent(to)
  }

  async sendVcard(to: string, _contact: DeviceContact, _options?: SendOptions) {
    return this.sent(to)
  }

  /** The stored message is marked deleted by the desk, and the frame hears that; nothing else to do. */
  async deleteMessage() {}

  /** The desk read the visitor's messages: each becomes read (ack 3), which the frame shows. */
  async markRead(_to: string, providerMessageIds: string[]) {
    for (const id of providerMessageIds) await this.context.events.ack(id, 3)
  }

  /** There are no phone numbers on the web: a number is kept as typed. */
  async checkNumber(number: string) {
    return number
  }

  async listDeviceContacts() {
    return []
  }
}

export const createWebChatDriver = () => (context: DriverContext) => new WebChatDriver(context)
