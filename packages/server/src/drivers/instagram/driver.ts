import type { InstagramMessaging, InstagramWebhookPayload, MediaType } from '@desk/api-client'
import { locationText } from '../location'
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
} from '../types'
import { InstagramError, type InstagramProfile, type InstagramProvider } from './provider'

/** Raised for a file Instagram cannot carry (only images go), or an image a real account cannot be given. */
export class InstagramMediaUnsupportedError extends InstagramError {
  readonly code = 'ERR_INSTAGRAM_MEDIA_UNSUPPORTED' as const
  constructor(message: string) {
    super(message, null, 400)
  }
}

export interface InstagramDriverDeps {
  /** The customer's Instagram-scoped id on this connection, from the desk's contact. */
  igsidOf(connectionId: number, contactId: number): Promise<string | null>
  /** An image made reachable by Meta (a signed public address), or null when the desk has none. */
  publicMedia(media: OutboundMedia): Promise<string | null>
}

/** A customer's message as the desk stores it, before its attachment is downloaded. */
export type MappedInstagramMessage = Omit<InboundMessage, 'media'> & { mediaUrl?: string }

const ATTACHMENT_TYPES: Record<string, MediaType> = { image: 'image', video: 'video', audio: 'audio', file: 'other' }

/** One `messaging` item of a delivery to what the desk stores; null for echoes, deletions and read receipts. */
export const mapInstagramMessaging = (item: InstagramMessaging): MappedInstagramMessage | null => {
  const message = item.message
  if (!message || message.is_echo || message.is_deleted) return null
  const attachments = message.attachments ?? []
  const mention = attachments.find((a) => a.type === 'story_mention')
  const file = attachments.find((a) => ATTACHMENT_TYPES[a.type] && a.payload?.url)
  const storyReply = message.reply_to?.story
  const story = mention
    ? { kind: 'mention' as const, url: mention.payload?.url ?? '' }
    : storyReply
      ? { kind: 'reply' as const, url: storyReply.url ?? '' }
      : undefined
  // Shares of posts and reels arrive as links: kept in the text so the agent can open them.
  const shared = attachments
    .filter((a) => a !== mention && a !== file && a.payload?.url)
    .map((a) => a.payload?.url ?? '')
  const body = [message.text ?? '', ...shared].filter(Boolean).join('\n')
  if (!body && !file && !story) return null
  return {
    providerMessageId: message.mid,
    from: item.sender.id,
    isGroup: false,
    body,
    mediaType: file ? (ATTACHMENT_TYPES[file.type] ?? 'other') : 'chat',
    mediaUrl: file?.payload?.url,
    story,
    instagram: { igsid: item.sender.id },
  }
}

const CONTACT_ADDRESS = /^contact:(\d+)$/
const PROFILE_TTL_MS = 10 * 60 * 1000

/**
 * An Instagram connection: direct messages through a provider (Meta's Instagram API or the simulator). There is
 * nothing to pair; a configured connection is CONNECTED. What customers write arrives through Meta's signed
 * webhook (`/webhooks/instagram/:connectionId`), handed to `handleWebhook`. A customer is addressed by their
 * Instagram-scoped id only: the desk's contact names it (`contact:<id>`), never a user name or a number.
 */
export class InstagramDriver implements MessagingDriver {
  readonly kind = 'instagram' as const
  private running = false
  private readonly profiles = new Map<string, { at: number; profile: InstagramProfile | null }>()

  constructor(
    private readonly context: DriverContext,
    readonly provider: InstagramProvider | null,
    /** The professional account's id, which deliveries name (null: any, as on the simulator). */
    readonly accountId: string | null,
    private readonly deps: InstagramDriverDeps,
  ) {}

  get connectionId() {
    return this.context.connectionId
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

  addressOf(contact: { id: number }) {
    return `contact:${contact.id}`
  }

  private live(): InstagramProvider {
    if (!this.running || !this.provider) throw new InstagramError('not connected', null, 503)
    return this.provider
  }

  /** A `contact:<id>` address to the customer's Instagram-scoped id; anything else is one already. */
  private async igsid(to: string) {
    const match = CONTACT_ADDRESS.exec(to)
    if (!match) return to
    const found = await this.deps.igsidOf(this.context.connectionId, Number(match[1]))
    if (!found) throw new InstagramError('The contact has no Instagram account on this connection', null, 400)
    return found
  }

  async sendText(to: string, body: string, options?: SendOptions): Promise<SentMessage> {
    const provider = this.live()
    const id = await provider.sendText(await this.igsid(to), body, { humanAgent: options?.humanAgent })
    return { providerMessageId: id, ack: 1 }
  }

  /** Images only (Instagram's messages carry no caption: a caption follows as a text). */
  async sendMedia(to: string, media: OutboundMedia, options?: SendOptions): Promise<SentMessage> {
    const provider = this.live()
    if (media.mediaType !== 'image') throw new InstagramMediaUnsupportedError('Instagram carries text and images only')
    const url = await this.deps.publicMedia(media)
    if (!url && provider.name !== 'simulator') {
      throw new InstagramMediaUnsupportedError('An image needs the desk public address (PUBLIC_URL)')
    }
    const igsid = await this.igsid(to)
    const tag = { humanAgent: options?.humanAgent }
    const id = await provider.sendImage(
      igsid,
      { url, data: media.data, mimeType: media.mimeType, fileName: media.fileName },
      tag,
    )
    if (media.caption) await provider.sendText(igsid, media.caption, tag)
    return { providerMessageId: id, ack: 1 }
  }

  async sendLocation(to: string, location: OutboundLocation, options?: SendOptions) {
    return this.sendText(to, locationText(location), options)
  }

  async sendVcard(to: string, contact: DeviceContact, options?: SendOptions) {
    return this.sendText(to, `${contact.name}\n${contact.number}`, options)
  }

  async deleteMessage(): Promise<void> {
    throw new InstagramError('A sent Instagram message cannot be taken back here', null, 400)
  }

  async markRead() {}

  /** Instagram has no numbers. */
  async checkNumber() {
    return null
  }

  async listDeviceContacts(): Promise<DeviceContact[]> {
    return []
  }

  /** Who a customer is, asked once every ten minutes at most. */
  private async profileOf(igsid: string) {
    const known = this.profiles.get(igsid)
    if (known && Date.now() - known.at < PROFILE_TTL_MS) return known.profile
    const profile = (await this.provider?.profile(igsid)) ?? null
    this.profiles.set(igsid, { at: Date.now(), profile })
    return profile
  }

  /** Stores one customer message: with their user name, name and picture, and its attachment downloaded. */
  async receive(mapped: MappedInstagramMessage, known?: { username?: string; name?: string }) {
    const { mediaUrl, ...message } = mapped
    const profile = known?.username ? null : await this.profileOf(message.from)
    const username = known?.username ?? profile?.username ?? null
    const fetched = mediaUrl && this.provider ? await this.provider.fetchMedia(mediaUrl) : null
    return this.context.events.inbound({
      ...message,
      name: known?.name ?? profile?.name ?? (username ? `@${username}` : undefined),
      pictureUrl: profile?.pictureUrl ?? undefined,
      instagram: { igsid: message.from, username },
      // An attachment that cannot be read arrives as its link.
      ...(fetched
        ? { media: { data: fetched.data, mimeType: fetched.mimeType } }
        : mediaUrl
          ? { mediaType: 'chat' as const, body: [message.body, mediaUrl].filter(Boolean).join('\n') }
          : {}),
    })
  }

  /** Stores what one verified delivery carries; entries for another account are skipped. */
  async handleWebhook(payload: InstagramWebhookPayload) {
    let messages = 0
    for (const entry of payload.entry) {
      if (this.accountId && entry.id !== this.accountId) continue
      for (const item of entry.messaging ?? []) {
        // The business's own account writing (an echo of a send) is no customer.
        if (this.accountId && item.sender.id === this.accountId) continue
        const mapped = mapInstagramMessaging(item)
        if (!mapped) continue
        await this.receive(mapped)
        messages += 1
      }
    }
    return { messages }
  }
}
