import { readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import type { AnyMessageContent, BaileysEventMap, WAMessage } from '@whiskeysockets/baileys'
import { locationText } from '../location'
import {
  type CreatedGroup,
  type DeviceContact,
  type DriverContext,
  type DriverGroup,
  GroupActionUnsupported,
  type HistoryConversation,
  type HistoryOptions,
  type MessagingDriver,
  type OutboundLocation,
  type OutboundMedia,
  type SendOptions,
  type SentMessage,
} from '../types'
import {
  baileysConnector,
  type WebConnection,
  type WebConnector,
  type WebSessionOptions,
  type WebSocketLike,
} from './connector'
import { groupJid, inviteLink, mapGroupMetadata, type WebGroupSocket } from './groups'
import { WebHistory } from './history'
import {
  type ConnectionStep,
  GROUP_SUFFIX,
  jidToNumber,
  mapConnectionUpdate,
  mapMessageUpdates,
  mapReceipts,
  mapWebMessage,
  numberToJid,
  replyJid,
} from './mapping'
import { locationContent, mediaContent, vcardContent } from './outbound'

export * from './connector'

const RECENT_MESSAGES = 500
const MAX_RECONNECT_DELAY_MS = 60_000

type State = 'stopped' | 'connecting' | 'open'

/**
 * A WhatsApp account paired through a QR code, as WhatsApp Web is. The pairing lives in
 * `${dataDir}/sessions/<connectionId>`, so a restart reconnects without a new scan.
 */
export class WebSessionDriver implements MessagingDriver {
  readonly kind = 'web-session' as const
  private state: State = 'stopped'
  private connection: WebConnection | undefined
  private generation = 0
  private qrCodesShown = 0
  private reconnects = 0
  private timer: NodeJS.Timeout | undefined
  /** Where replies go: the address each conversation came from (groups, anonymous ids). */
  private readonly jids = new Map<string, string>()
  /** Recent received messages, so a reply can quote the original. */
  private readonly recent = new Map<string, WAMessage>()
  private readonly contacts = new Map<string, string>()
  /** What the phone shared of its chats, for a history import (best effort, see `WebHistory`). */
  private readonly history = new WebHistory()
  private readonly authDir: string
  private readonly connector: WebConnector

  constructor(
    private readonly context: DriverContext,
    private readonly options: WebSessionOptions = {},
  ) {
    this.authDir = path.join(context.dataDir, 'sessions', String(context.connectionId))
    this.connector = options.connector ?? baileysConnector
  }

  /** Paired once the stored credentials name the account (they are written before that, too). */
  private get paired() {
    try {
      return Boolean(JSON.parse(readFileSync(path.join(this.authDir, 'creds.json'), 'utf8')).me)
    } catch {
      return false
    }
  }

  isConnected() {
    return this.state === 'open'
  }

  async start() {
    this.shutdown()
    this.qrCodesShown = 0
    this.reconnects = 0
    await this.context.events.status({ status: 'OPENING', qrcode: null, retries: 0 })
    await this.connect()
  }

  async stop(options: { logout?: boolean } = {}) {
    const socket = this.connection?.socket
    this.shutdown()
    if (options.logout) {
      await socket?.logout().catch(() => {})
      await rm(this.authDir, { recursive: true, force: true })
    }
  }

  /** Closes the socket; its late events are ignored from here on. */
  private shutdown() {
    if (this.timer) clearTimeout(this.timer)
    this.timer = undefined
    this.generation += 1
    this.state = 'stopped'
    const socket = this.connection?.socket
    this.connection = undefined
    try {
      socket?.end(undefined)
    } catch {}
  }

  private async connect() {
    const generation = ++this.generation
    this.state = 'connecting'
    const connection = await this.connector({ authDir: this.authDir })
    if (generation !== this.generation) {
      connection.socket.end(undefined)
      return
    }
    this.connection = connection
    const on = <E extends keyof BaileysEventMap>(event: E, handler: (arg: BaileysEventMap[E]) => Promise<void>) =>
      connection.socket.ev.on(event, (arg) => {
        if (generation !== this.generation) return
        handler(arg).catch((error) => this.log(error, `web session ${this.context.connectionId}: ${event} failed`))
      })
    on('connection.update', async (update) => this.apply(mapConnectionUpdate(update, this.connectionState())))
    on('messaging-history.set', async ({ chats, messages }) => {
      this.history.add(messages)
      for (const chat of chats) if (chat.id) this.history.name(chat.id, chat.name)
    })
    on('messages.upsert', async ({ messages, type }) => {
      if (type === 'append') this.history.add(messages)
      if (type !== 'notify') return
      for (const message of messages) await this.receive(message)
    })
    on('messages.update', async (updates) => this.acks(mapMessageUpdates(updates)))
    on('message-receipt.update', async (receipts) => this.acks(mapReceipts(receipts)))
    on('contacts.upsert', async (contacts) => {
      for (const c of contacts) {
        const number = jidToNumber(c.phoneNumber ?? c.id)
        const name = c.name ?? c.notify ?? c.verifiedName
        if (number && name && !c.id.endsWith('@g.us')) this.contacts.set(number, name)
      }
    })
  }

  private connectionState() {
    return { qrCodesShown: this.qrCodesShown, maxQrCodes: this.options.maxQrCodes ?? 5, paired: this.paired }
  }

  private async apply(step: ConnectionStep) {
    const status = step.status?.status
    if (status === 'qrcode') this.qrCodesShown += 1
    if (status === 'CONNECTED') {
      this.state = 'open'
      this.reconnects = 0
    }
    if (status === 'TIMEOUT' || (status === 'DISCONNECTED' && !step.reconnect)) this.shutdown()
    else if (step.reconnect) this.state = 'connecting'
    if (step.forgetPairing) await rm(this.authDir, { recursive: true, force: true })
    if (step.status) await this.context.events.status(step.status)
    if (step.reconnect) this.scheduleReconnect(status === 'PAIRING')
  }

  private scheduleReconnect(now: boolean) {
    const base = this.options.reconnectDelayMs ?? 1000
    const delay = now ? 0 : Math.min(MAX_RECONNECT_DELAY_MS, base * 2 ** this.reconnects)
    this.reconnects += 1
    const generation = this.generation
    this.timer = setTimeout(() => {
      if (generation !== this.generation) return
      this.connection?.socket.end(undefined)
      this.connection = undefined
      this.connect().catch((error) => this.log(error, `web session ${this.context.connectionId}: reconnect failed`))
    }, delay)
    this.timer.unref()
  }

  private async receive(message: WAMessage) {
    const mapped = mapWebMessage(message)
    if (!mapped) return
    const { mediaRef, ...rest } = mapped
    const conversation = mapped.isGroup ? (mapped.groupId ?? '') : mapped.from
    this.jids.set(conversation, replyJid(message))
    this.remember(message)
    if (mapped.name && !mapped.isGroup) this.contacts.set(mapped.from, mapped.name)
    let data: Buffer | undefined
    if (mediaRef && this.connection) {
      // A file that cannot be fetched still leaves the message in the conversation.
      data = await this.connection.download(message).catch((error) => {
        this.log(error, `web session ${this.context.connectionId}: media of ${mapped.providerMessageId} unavailable`)
        return undefined
      })
    }
    await this.context.events.inbound({
      ...rest,
      media: data ? { data, mimeType: mediaRef?.mimeType, fileName: mediaRef?.fileName } : undefined,
    })
  }

  private remember(message: WAMessage) {
    if (!message.key.id) return
    this.recent.set(message.key.id, message)
    if (this.recent.size > RECENT_MESSAGES) this.recent.delete(this.recent.keys().next().value as string)
  }

  private async acks(acks: ReturnType<typeof mapMessageUpdates>) {
    for (const { providerMessageId, ack } of acks) {
      if (ack === 'failed') await this.context.events.failed?.(providerMessageId)
      else await this.context.events.ack(providerMessageId, ack)
    }
  }

  private socket(): WebSocketLike {
    if (this.state !== 'open' || !this.connection) throw new Error('not connected')
    return this.connection.socket
  }

  private jidOf(to: string) {
    return numberToJid(to, this.jids.get(to))
  }

  private async send(to: string, content: AnyMessageContent, options?: SendOptions): Promise<SentMessage> {
    const jid = this.jidOf(to)
    const quotedId = options?.quotedProviderMessageId
    const quoted = quotedId
      ? (this.recent.get(quotedId) ?? {
          key: { remoteJid: jid, id: quotedId, fromMe: false },
          message: { conversation: '' },
        })
      : undefined
    const sent = await this.socket().sendMessage(jid, content, quoted ? { quoted } : undefined)
    if (!sent?.key.id) throw new Error('the network did not name the sent message')
    this.remember(sent)
    return { providerMessageId: sent.key.id, ack: 1 }
  }

  sendText(to: string, body: string, options?: SendOptions) {
    return this.send(to, { text: body }, options)
  }

  sendMedia(to: string, media: OutboundMedia, options?: SendOptions) {
    return this.send(to, mediaContent(media), options)
  }

  sendLocation(to: string, location: OutboundLocation, options?: SendOptions) {
    const content = locationContent(location)
    return content ? this.send(to, content, options) : this.sendText(to, locationText(location), options)
  }

  sendVcard(to: string, contact: DeviceContact, options?: SendOptions) {
    return this.send(to, vcardContent(contact), options)
  }

  async deleteMessage(to: string, providerMessageId: string) {
    const jid = this.jidOf(to)
    await this.socket().sendMessage(jid, { delete: { remoteJid: jid, fromMe: true, id: providerMessageId } })
  }

  async markRead(to: string, providerMessageIds: string[]) {
    if (!this.isConnected() || providerMessageIds.length === 0) return
    const keys = providerMessageIds.map(
      (id) => this.recent.get(id)?.key ?? { remoteJid: this.jidOf(to), id, fromMe: false },
    )
    await this.socket().readMessages(keys)
  }

  /** The group's subject, asked of the session. */
  async groupName(groupId: string) {
    const socket = this.socket()
    if (!socket.groupMetadata) return null
    const jid = this.jids.get(groupId) ?? `${groupId}${GROUP_SUFFIX}`
    const subject = (await socket.groupMetadata(jid))?.subject?.trim()
    return subject || null
  }

  /** A group call of the socket, or `ERR_GROUP_ACTION_UNSUPPORTED` when the library lacks it. */
  private groupCall<K extends keyof WebGroupSocket>(name: K): NonNullable<WebGroupSocket[K]> {
    const socket = this.socket()
    const call = socket[name]
    if (typeof call !== 'function') throw new GroupActionUnsupported(String(name), this.kind)
    return (call as (...args: unknown[]) => unknown).bind(socket) as NonNullable<WebGroupSocket[K]>
  }

  ownNumber() {
    return jidToNumber(this.connection?.socket.user?.id) || null
  }

  async listGroups(): Promise<DriverGroup[]> {
    const all = await this.groupCall('groupFetchAllParticipating')()
    const user = this.socket().user
    const own = { number: jidToNumber(user?.id), lid: user?.lid }
    return Object.values(all ?? {}).map((meta) => mapGroupMetadata(meta, own))
  }

  /** The web client adds the participants directly; the invite link is read right after. */
  async createGroup(title: string, participants: string[]): Promise<CreatedGroup> {
    const meta = await this.groupCall('groupCreate')(
      title,
      participants.map((n) => numberToJid(n)),
    )
    const code = await this.groupCall('groupInviteCode')(meta.id).catch(() => undefined)
    return { id: meta.id.replace(GROUP_SUFFIX, ''), inviteLink: code ? inviteLink(code) : null, invited: false }
  }

  async setGroupSubject(groupId: string, subject: string) {
    await this.groupCall('groupUpdateSubject')(groupJid(groupId), subject)
  }

  async setGroupDescription(groupId: string, description: string) {
    await this.groupCall('groupUpdateDescription')(groupJid(groupId), description)
  }

  async setGroupAnnounce(groupId: string, announce: boolean) {
    await this.groupCall('groupSettingUpdate')(groupJid(groupId), announce ? 'announcement' : 'not_announcement')
  }

  async groupInviteLink(groupId: string) {
    const code = await this.groupCall('groupInviteCode')(groupJid(groupId))
    if (!code) throw new Error('the network gave no invite code')
    return inviteLink(code)
  }

  async checkNumber(number: string) {
    const [found] = (await this.socket().onWhatsApp(this.jidOf(number))) ?? []
    return found?.exists ? jidToNumber(found.jid) : null
  }

  async listDeviceContacts(): Promise<DeviceContact[]> {
    return [...this.contacts].map(([number, name]) => ({ number, name }))
  }

  async countHistory(options: HistoryOptions) {
    this.socket()
    return this.history.count(options)
  }

  async *fetchHistory(options: HistoryOptions): AsyncIterable<HistoryConversation> {
    this.socket()
    yield* this.history.conversations(options)
  }

  private log(error: unknown, message: string) {
    this.options.log?.(error, message)
  }
}

export const createWebSessionDriver =
  (options: WebSessionOptions = {}) =>
  (context: DriverContext) =>
    new WebSessionDriver(context, options)
