import { randomBytes, randomUUID } from 'node:crypto'
import {
  type Ack,
  formatLocationBody,
  formatVcardBody,
  type SimulatorAckRequest,
  type SimulatorOutboxEntry,
} from '@desk/api-client'
import { simulatorGroups, simulatorOwnNumber } from './simulator-groups'
import { openSimulatorNetwork, type SimulatedGroup, type SimulatorNetwork } from './simulator-network'
import type {
  DeviceContact,
  DriverContext,
  HistoryConversation,
  HistoryOptions,
  InboundMessage,
  MessagingDriver,
  OutboundLocation,
  OutboundMedia,
  SendOptions,
  SentMessage,
  StoredSession,
} from './types'

export interface SimulatorOptions {
  /** How long a QR code stays valid before a new one is shown (0: forever). */
  qrRefreshMs?: number
  /** New QR codes shown before the session gives up with TIMEOUT. */
  maxQrRetries?: number
  /** Where the outbox, phone books and chats are kept (a network in memory when absent). */
  network?: SimulatorNetwork
}

const DEFAULT_QR_REFRESH_MS = 60_000
const DEFAULT_MAX_QR_RETRIES = 5
/** Chats read from the network's file per query during a history import. */
const HISTORY_PAGE_SIZE = 50

type State = 'stopped' | 'pairing' | 'connected'

// From a UUID (drawn from Node's buffered entropy) rather than a fresh `randomBytes` call per message.
const newId = (prefix: string) => `${prefix}${randomUUID().replace(/-/g, '').slice(0, 20).toUpperCase()}`
const digits = (number: string) => number.replace(/\D/g, '')

/**
 * A simulated messaging network, for demos and tests. Pairing shows a real QR payload that
 * `scan()` accepts; `receive()` plays a customer writing; everything the desk sends lands in
 * the outbox, whose acks `ack()` advances; `drop()` is the phone going away. The outbox, the
 * phone book and the chats for history import live in the network's own file (see
 * `simulator-network.ts`), so they outlive the desk's process.
 */
export class SimulatorDriver implements MessagingDriver {
  readonly kind = 'simulator' as const
  private state: State = 'stopped'
  private paired: boolean
  private qrcode: string | null = null
  private retries = 0
  private timer: NodeJS.Timeout | undefined
  private readonly network: SimulatorNetwork
  /** Sends the network refuses next (a test hook); kept in memory, as a flaky network is not a record. */
  private failures: { count: number; reason: string } = { count: 0, reason: '' }
  private readonly groups: ReturnType<typeof simulatorGroups>
  readonly listGroups: SimulatorDriver['groups']['listGroups']
  readonly createGroup: SimulatorDriver['groups']['createGroup']
  readonly setGroupSubject: SimulatorDriver['groups']['setGroupSubject']
  readonly setGroupDescription: SimulatorDriver['groups']['setGroupDescription']
  readonly setGroupAnnounce: SimulatorDriver['groups']['setGroupAnnounce']
  readonly groupInviteLink: SimulatorDriver['groups']['groupInviteLink']

  constructor(
    private readonly context: DriverContext,
    private readonly options: SimulatorOptions = {},
  ) {
    this.paired = context.paired
    this.network = options.network ?? openSimulatorNetwork()
    this.groups = simulatorGroups(this.network, context.connectionId, () => this.ensureConnected())
    this.listGroups = this.groups.listGroups
    this.createGroup = this.groups.createGroup
    this.setGroupSubject = this.groups.setGroupSubject
    this.setGroupDescription = this.groups.setGroupDescription
    this.setGroupAnnounce = this.groups.setGroupAnnounce
    this.groupInviteLink = this.groups.groupInviteLink
  }

  /** The phone's own number (what its groups list it as). */
  ownNumber() {
    return simulatorOwnNumber(this.id)
  }

  /**
   * Test and demo hook: replaces the groups the phone is in. `admin: false` makes a group the phone
   * only belongs to (administered by its first member); `participants` are the other members.
   */
  setGroups(
    groups: Array<{
      id: string
      name: string
      description?: string | null
      announce?: boolean
      admin?: boolean
      participants: string[]
      inviteCode?: string
    }>,
  ) {
    const me = this.ownNumber()
    this.network.setGroups(
      this.id,
      groups.map(
        (g): SimulatedGroup => ({
          id: g.id,
          name: g.name,
          description: g.description ?? null,
          announce: g.announce ?? false,
          inviteCode: g.inviteCode ?? `${g.id}-invite`,
          members: [
            { number: me, admin: g.admin ?? true },
            ...g.participants.map((n, i) => ({ number: digits(n), admin: g.admin === false && i === 0 })),
          ],
        }),
      ),
    )
  }

  /** A group as the network holds it now (a test reads its subject, description and mode). */
  group(groupId: string) {
    return this.groups.group(groupId)
  }

  get currentQr() {
    return this.qrcode
  }

  isConnected() {
    return this.state === 'connected'
  }

  isPairing() {
    return this.state === 'pairing'
  }

  async start() {
    this.clearTimer()
    await this.context.events.status({ status: 'OPENING', qrcode: null, retries: 0 })
    if (this.paired) return this.connect()
    this.state = 'pairing'
    this.retries = 0
    await this.showQr()
  }

  /**
   * The session as stored: connected, or the QR code another process shows (a scan here pairs it; that
   * process refreshes the code), or stopped.
   */
  async resume(session: StoredSession) {
    this.clearTimer()
    this.retries = 0
    if (session.status === 'CONNECTED') {
      this.state = 'connected'
      this.paired = true
      this.qrcode = null
    } else if (session.status === 'qrcode' && session.qrcode) {
      this.state = 'pairing'
      this.qrcode = session.qrcode
    } else {
      this.state = 'stopped'
      this.qrcode = null
    }
  }

  async stop(options: { logout?: boolean } = {}) {
    this.clearTimer()
    this.state = 'stopped'
    this.qrcode = null
    if (options.logout) this.paired = false
  }

  /** The phone scanned the QR code shown now: the session is paired and connected. */
  async scan(payload?: string) {
    if (this.state !== 'pairing' || !this.qrcode) throw new Error('not pairing')
    if (payload !== undefined && payload !== this.qrcode) throw new Error('stale QR code')
    this.paired = true
    await this.connect()
  }

  /** The phone went away: the session ends and must be paired again. */
  async drop() {
    await this.stop({ logout: true })
    await this.context.events.status({ status: 'DISCONNECTED', qrcode: null })
  }

  /** A customer writes. Resolves with what the desk made of it. */
  async receive(message: Omit<InboundMessage, 'providerMessageId'> & { providerMessageId?: string }) {
    if (!this.isConnected()) throw new Error('not connected')
    // The phone's address book is a convenience: a busy network file never costs the customer's message.
    if (message.name) {
      try {
        this.network.addContact(this.id, { number: message.from, name: message.name })
      } catch {}
    }
    return this.context.events.inbound({ ...message, providerMessageId: message.providerMessageId ?? newId('SIMIN') })
  }

  /** The customer's phone reports progress on a sent message; acks never go back. */
  async ack(providerMessageId: string, ack: SimulatorAckRequest['ack']) {
    this.network.ack(this.id, providerMessageId, ack as Ack)
    return this.context.events.ack(providerMessageId, ack as Ack)
  }

  /**
   * Sets the phone's address book (what importing contacts reads; customers who write are
   * added as they do) and the numbers that have no account on the simulated network.
   */
  setPhoneBook(contacts: DeviceContact[], unregistered: string[] = []) {
    this.network.setPhoneBook(
      this.id,
      contacts.map(({ number, name }) => ({ number: digits(number), name })),
      unregistered.map(digits),
    )
  }

  /** Test hook: the next `count` sends are refused by the network with `reason`. */
  failNextSends(count: number, reason = 'the network refused the message') {
    this.failures = { count, reason }
  }

  /** Everything the desk sent through this phone, oldest first (kept across restarts). */
  outbox(to?: string): SimulatorOutboxEntry[] {
    return this.network.outbox(this.id, to)
  }

  /** Sets the chats the phone holds, which a history import reads. */
  setHistory(conversations: HistoryConversation[]) {
    this.network.setHistory(this.id, conversations)
  }

  async countHistory(options: HistoryOptions) {
    this.ensureConnected()
    return this.network.historyCount(this.id, options.contact)
  }

  /** The chats a page at a time, so an import never holds the whole phone in memory. */
  async *fetchHistory(options: HistoryOptions): AsyncIterable<HistoryConversation> {
    this.ensureConnected()
    let after = 0
    for (;;) {
      const page = this.network.historyPage(this.id, { ...options, after, size: HISTORY_PAGE_SIZE })
      yield* page.conversations
      if (page.next === null) return
      after = page.next
    }
  }

  async sendText(to: string, body: string, options?: SendOptions) {
    return this.record({ kind: 'text', to, body, mediaType: 'chat' }, options)
  }

  async sendMedia(to: string, media: OutboundMedia, options?: SendOptions) {
    return this.record(
      {
        kind: 'media',
        to,
        body: media.caption ?? '',
        mediaType: media.mediaType,
        fileName: media.fileName,
        mimeType: media.mimeType,
      },
      options,
    )
  }

  async sendLocation(to: string, location: OutboundLocation, options?: SendOptions) {
    return this.record({ kind: 'location', to, body: formatLocationBody(location), mediaType: 'location' }, options)
  }

  async sendVcard(to: string, contact: DeviceContact, options?: SendOptions) {
    return this.record({ kind: 'vcard', to, body: formatVcardBody(contact), mediaType: 'vcard' }, options)
  }

  async deleteMessage(to: string, providerMessageId: string) {
    this.ensureConnected()
    this.network.record(this.id, this.entry({ kind: 'delete', to, body: providerMessageId, mediaType: 'chat' }))
  }

  async markRead(to: string, providerMessageIds: string[]) {
    if (!this.isConnected() || providerMessageIds.length === 0) return
    this.network.record(
      this.id,
      this.entry({ kind: 'read', to, body: providerMessageIds.join(','), mediaType: 'chat' }),
    )
  }

  async checkNumber(number: string) {
    this.ensureConnected()
    const known = digits(number)
    return known.length >= 8 && !this.network.isUnregistered(this.id, known) ? known : null
  }

  async listDeviceContacts(): Promise<DeviceContact[]> {
    this.ensureConnected()
    return this.network.phoneBook(this.id)
  }

  /** The group's name on the network; one the phone is not in is named after the end of its id. */
  async groupName(groupId: string) {
    this.ensureConnected()
    const named = this.groups.group(groupId)?.name
    if (named) return named
    const known = digits(groupId)
    return known ? `Simulated group ${known.slice(-4)}` : null
  }

  private get id() {
    return this.context.connectionId
  }

  private ensureConnected() {
    if (!this.isConnected()) throw new Error('not connected')
  }

  private entry(
    fields: Pick<SimulatorOutboxEntry, 'kind' | 'to' | 'body' | 'mediaType'> & Partial<SimulatorOutboxEntry>,
  ): SimulatorOutboxEntry {
    return {
      providerMessageId: newId('SIMOUT'),
      messageId: null,
      fileName: null,
      mimeType: null,
      quotedProviderMessageId: null,
      ack: 1,
      createdAt: new Date().toISOString(),
      ...fields,
    }
  }

  private async record(
    fields: Pick<SimulatorOutboxEntry, 'kind' | 'to' | 'body' | 'mediaType'> & Partial<SimulatorOutboxEntry>,
    options?: SendOptions,
  ): Promise<SentMessage> {
    this.ensureConnected()
    if (fields.to.endsWith('@g.us')) {
      const group = this.groups.group(fields.to)
      const me = this.ownNumber()
      if (group?.announce && !group.members.some((m) => m.number === me && m.admin)) {
        throw new Error('only admins may write in this group')
      }
    }
    if (this.failures.count > 0) {
      this.failures.count -= 1
      throw new Error(this.failures.reason)
    }
    const entry = this.entry({
      ...fields,
      messageId: options?.reference ?? null,
      quotedProviderMessageId: options?.quotedProviderMessageId ?? null,
    })
    // Committed to the network's file before the desk hears that it was sent.
    this.network.record(this.id, entry)
    return { providerMessageId: entry.providerMessageId, ack: 1 }
  }

  private async connect() {
    this.clearTimer()
    this.state = 'connected'
    this.qrcode = null
    this.retries = 0
    await this.context.events.status({ status: 'CONNECTED', qrcode: null, retries: 0 })
  }

  private async showQr() {
    this.qrcode = `limedesk-sim:${this.context.connectionId}:${randomBytes(24).toString('base64url')}`
    await this.context.events.status({ status: 'qrcode', qrcode: this.qrcode, retries: this.retries })
    const refreshMs = this.options.qrRefreshMs ?? DEFAULT_QR_REFRESH_MS
    if (refreshMs <= 0) return
    this.timer = setTimeout(() => void this.expireQr(), refreshMs)
    this.timer.unref()
  }

  private async expireQr() {
    if (this.state !== 'pairing') return
    this.retries += 1
    if (this.retries > (this.options.maxQrRetries ?? DEFAULT_MAX_QR_RETRIES)) {
      this.state = 'stopped'
      this.qrcode = null
      await this.context.events.status({ status: 'TIMEOUT', qrcode: null, retries: this.retries })
      return
    }
    await this.showQr()
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
  }
}

export const createSimulatorDriver =
  (options: SimulatorOptions = {}) =>
  (context: DriverContext) =>
    new SimulatorDriver(context, options)
