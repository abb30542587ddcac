import type { TemplateParts, TemplateValues } from '@desk/api-client'
import { type CloudApiConfig, type CloudWebhookPayload, digitsOnly } from '@desk/api-client'
import { DEFAULT_CLOUD_API_BASE_URL } from '../config'
import { type CloudMediaRef, mapCloudChange } from './cloud-api-mapping'
import { type GraphTemplate, templateSendComponents } from './cloud-templates'
import { locationText, pointOf } from './location'
import type {
  CreatedGroup,
  DeviceContact,
  DriverContext,
  DriverGroup,
  InboundMessage,
  MessagingDriver,
  OutboundLocation,
  OutboundMedia,
  SendOptions,
  SentMessage,
  StoredSession,
} from './types'

export {
  type CloudMediaRef,
  type MappedCloudMessage,
  type MappedCloudStatus,
  mapCloudChange,
  mapCloudMessage,
  signCloudBody,
  verifyCloudSignature,
} from './cloud-api-mapping'
export { type GraphTemplate, graphRefusalCode, templatePartsFromGraph } from './cloud-templates'
export { coordinatesOf } from './location'

/** A template to send: its name and language, its parts (to place the values) and the values. */
export interface OutboundTemplate {
  name: string
  language: string
  parts: TemplateParts
  values: TemplateValues
  headerMediaUrl?: string
}

/**
 * The official WhatsApp Business Cloud API: sends go to the Graph API over HTTPS with the
 * connection's access token; what customers write arrives through the webhook
 * (`/webhooks/whatsapp/:connectionId`), which checks the signature and hands the payload to
 * `handleWebhook`. There is no phone to pair: a configured connection is CONNECTED.
 */

export { DEFAULT_CLOUD_API_BASE_URL }

export interface CloudApiOptions {
  /** Graph API root, version included (default `CLOUD_API_BASE_URL`, else the public v21.0). */
  baseUrl?: string
  fetch?: typeof fetch
  /** How long a new group is looked for in the group list after its creation was accepted. */
  groupCreatedWithinMs?: number
}

/** A group of the Groups API as `GET /{group-id}` answers it. */
interface CloudGroupInfo {
  id?: string
  subject?: string
  description?: string
  participants?: Array<{ wa_id?: string }>
}

const groupIdOf = (to: string) => to.replace(/@g\.us$/, '')
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export class CloudApiError extends Error {
  constructor(
    readonly status: number,
    readonly graphCode: number | undefined,
    message: string,
  ) {
    super(message)
    this.name = 'CloudApiError'
  }
}

type Settings = Partial<CloudApiConfig>

export class CloudApiDriver implements MessagingDriver {
  readonly kind = 'cloud-api' as const
  private running = false
  private readonly settings: Settings
  private readonly baseUrl: string
  private readonly fetch: typeof fetch
  private readonly groupCreatedWithinMs: number

  constructor(
    private readonly context: DriverContext,
    options: CloudApiOptions = {},
  ) {
    this.groupCreatedWithinMs = options.groupCreatedWithinMs ?? 10_000
    this.settings = (context.config as { cloudApi?: Settings } | null)?.cloudApi ?? {}
    this.baseUrl = (options.baseUrl ?? DEFAULT_CLOUD_API_BASE_URL).replace(/\/+$/, '')
    this.fetch = options.fetch ?? globalThis.fetch
  }

  get phoneNumberId() {
    return this.settings.phoneNumberId
  }

  private configured() {
    return Boolean(this.settings.phoneNumberId && this.settings.accessToken)
  }

  isConnected() {
    return this.running
  }

  async start() {
    await this.context.events.status({ status: 'OPENING', qrcode: null, retries: 0 })
    this.running = this.configured()
    await this.context.events.status({ status: this.running ? 'CONNECTED' : 'DISCONNECTED', qrcode: null, retries: 0 })
  }

  /** A connection CONNECTED elsewhere runs here too, when its settings are complete. */
  async resume(session: StoredSession) {
    this.running = session.status === 'CONNECTED' && this.configured()
  }

  async stop() {
    this.running = false
  }

  /** Stores what one verified webhook delivery carries; changes for another phone number are skipped. */
  async handleWebhook(payload: CloudWebhookPayload) {
    let messages = 0
    let statuses = 0
    for (const entry of payload.entry) {
      for (const change of entry.changes) {
        if (change.field !== 'messages' || !('metadata' in change.value)) continue
        if (change.value.metadata.phone_number_id !== this.settings.phoneNumberId) continue
        const mapped = mapCloudChange(change.value)
        for (const { mediaRef, ...message } of mapped.messages) {
          const media = mediaRef ? await this.download(mediaRef) : undefined
          await this.context.events.inbound({ ...message, media })
          messages += 1
        }
        for (const status of mapped.statuses) {
          if (status.ack !== null) await this.context.events.ack(status.providerMessageId, status.ack)
          else if (status.failed) await this.context.events.failed?.(status.providerMessageId, status.errorCode)
          statuses += 1
        }
      }
    }
    return { messages, statuses }
  }

  /** Media id → the file: the Graph API answers a short-lived URL, fetched with the same token. */
  async download(ref: CloudMediaRef): Promise<NonNullable<InboundMessage['media']>> {
    const info = (await this.graph('GET', `/${encodeURIComponent(ref.id)}`)) as { url?: string; mime_type?: string }
    if (!info.url) throw new CloudApiError(502, undefined, `media ${ref.id} has no URL`)
    const res = await this.fetch(info.url, { headers: { authorization: `Bearer ${this.settings.accessToken}` } })
    if (!res.ok) throw new CloudApiError(res.status, undefined, `media ${ref.id} download failed (${res.status})`)
    return {
      data: Buffer.from(await res.arrayBuffer()),
      mimeType: info.mime_type ?? ref.mimeType,
      fileName: ref.fileName,
    }
  }

  async sendText(to: string, body: string, options?: SendOptions) {
    return this.send(to, 'text', { body, preview_url: false }, options)
  }

  /** A message template, which goes through whatever the reply window. */
  async sendTemplate(to: string, template: OutboundTemplate, options?: SendOptions) {
    return this.send(
      to,
      'template',
      {
        name: template.name,
        language: { code: template.language },
        components: templateSendComponents(template.parts, template.values, template.headerMediaUrl),
      },
      options,
    )
  }

  /**
   * Every template of the business account (`businessAccountId`), every page; the Graph API answers in
   * pages of up to 100 with a cursor.
   */
  async listTemplates(): Promise<GraphTemplate[]> {
    const account = this.settings.businessAccountId
    if (!account) throw new CloudApiError(400, undefined, 'no WhatsApp Business Account id')
    const all: GraphTemplate[] = []
    let after: string | undefined
    for (let page = 0; page < 100; page++) {
      const query = `fields=id,name,language,category,status,rejected_reason,components&limit=100${after ? `&after=${encodeURIComponent(after)}` : ''}`
      const answer = (await this.graph('GET', `/${encodeURIComponent(account)}/message_templates?${query}`)) as {
        data?: GraphTemplate[]
        paging?: { cursors?: { after?: string }; next?: string }
      }
      all.push(...(answer.data ?? []))
      after = answer.paging?.next ? answer.paging.cursors?.after : undefined
      if (!after) break
    }
    return all
  }

  async sendMedia(to: string, media: OutboundMedia, options?: SendOptions) {
    const id = await this.upload(media)
    const type =
      media.mediaType === 'image' || media.mediaType === 'audio' || media.mediaType === 'video'
        ? media.mediaType
        : 'document'
    const part: Record<string, unknown> = { id }
    // Audio carries no caption; documents keep their file name.
    if (type !== 'audio' && media.caption) part.caption = media.caption
    if (type === 'document') part.filename = media.fileName
    return this.send(to, type, part, options)
  }

  async sendLocation(to: string, location: OutboundLocation, options?: SendOptions) {
    const point = pointOf(location)
    // Without coordinates the network has nothing to pin: the link goes as text.
    if (!point) return this.sendText(to, locationText(location), options)
    const [name, ...address] = (location.description ?? '').split('\n')
    return this.send(
      to,
      'location',
      { ...point, ...(name ? { name } : {}), ...(address.length ? { address: address.join(', ') } : {}) },
      options,
    )
  }

  async sendVcard(to: string, contact: DeviceContact, options?: SendOptions) {
    const digits = digitsOnly(contact.number)
    const card = {
      name: { formatted_name: contact.name, first_name: contact.name },
      phones: digits ? [{ phone: `+${digits}`, wa_id: digits, type: 'CELL' }] : [],
    }
    return this.send(to, 'contacts', [card], options)
  }

  async deleteMessage(): Promise<void> {
    throw new CloudApiError(400, undefined, 'The Cloud API cannot delete a sent message')
  }

  /** Marking the newest message read marks the ones before it too. */
  async markRead(_to: string, providerMessageIds: string[]) {
    const last = providerMessageIds.at(-1)
    if (!this.running || !last) return
    await this.graph('POST', `/${this.settings.phoneNumberId}/messages`, {
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: last,
    })
  }

  /** The Cloud API offers no lookup; a plausible number is taken as it is. */
  async checkNumber(number: string) {
    const digits = digitsOnly(number)
    return digits.length >= 8 ? digits : null
  }

  async listDeviceContacts(): Promise<DeviceContact[]> {
    return []
  }

  /*
   * Groups API: groups this business number created (it administers each; nobody else does), with
   * subject, description, invite link and messages. It adds nobody directly (people join through the
   * invite link) and has no announcement mode: `setGroupAnnounce` is left out.
   */

  async listGroups(): Promise<DriverGroup[]> {
    const groups: DriverGroup[] = []
    for (const { id } of await this.groupIds()) {
      const info = (await this.graph(
        'GET',
        `/${encodeURIComponent(id)}?fields=subject,description,participants`,
      )) as CloudGroupInfo
      groups.push({
        id,
        name: info.subject ?? id,
        description: info.description || null,
        participants: (info.participants ?? []).map((p) => digitsOnly(p.wa_id ?? '')).filter(Boolean),
        isAdmin: true,
        announce: false,
      })
    }
    return groups
  }

  /** A group's subject, for a group message that came without it; null when the network does not say. */
  async groupName(groupId: string) {
    try {
      const info = (await this.graph(
        'GET',
        `/${encodeURIComponent(groupIdOf(groupId))}?fields=subject`,
      )) as CloudGroupInfo
      return info.subject?.trim() || null
    } catch {
      return null
    }
  }

  /**
   * Creates the group, reads its invite link, and sends the link to each participant as a text
   * message (the only way in). The network accepts a creation and reports the new group later: the
   * group list is read until a group with this subject that was not there before shows up.
   */
  async createGroup(title: string, participants: string[]): Promise<CreatedGroup> {
    const before = new Set((await this.groupIds()).map((g) => g.id))
    const answer = (await this.graph('POST', `/${this.settings.phoneNumberId}/groups`, {
      messaging_product: 'whatsapp',
      subject: title,
    })) as { id?: string; request_id?: string }
    let id = answer.id
    const until = Date.now() + this.groupCreatedWithinMs
    while (!id) {
      id = (await this.groupIds()).find((g) => !before.has(g.id) && g.subject === title)?.id
      if (id) break
      if (Date.now() > until) throw new CloudApiError(504, undefined, 'the new group did not show up in time')
      await sleep(500)
    }
    const inviteLink = await this.groupInviteLink(id)
    for (const number of participants) await this.sendText(number, `${title}: ${inviteLink}`)
    return { id, inviteLink, invited: participants.length > 0 }
  }

  async setGroupSubject(groupId: string, subject: string) {
    await this.graph('POST', `/${encodeURIComponent(groupIdOf(groupId))}`, { messaging_product: 'whatsapp', subject })
  }

  async setGroupDescription(groupId: string, description: string) {
    await this.graph('POST', `/${encodeURIComponent(groupIdOf(groupId))}`, {
      messaging_product: 'whatsapp',
      description,
    })
  }

  async groupInviteLink(groupId: string) {
    const answer = (await this.graph('GET', `/${encodeURIComponent(groupIdOf(groupId))}/invite_link`)) as {
      invite_link?: string
    }
    if (!answer.invite_link) throw new CloudApiError(502, undefined, 'the Graph API answered without an invite link')
    return answer.invite_link
  }

  /** The business number's active groups, every page. */
  private async groupIds(): Promise<Array<{ id: string; subject?: string }>> {
    if (!this.running) throw new CloudApiError(503, undefined, 'not connected')
    const all: Array<{ id: string; subject?: string }> = []
    let after: string | undefined
    for (let page = 0; page < 50; page++) {
      const query = `limit=1024${after ? `&after=${encodeURIComponent(after)}` : ''}`
      const answer = (await this.graph('GET', `/${this.settings.phoneNumberId}/groups?${query}`)) as {
        data?: { groups?: Array<{ id?: string; subject?: string }> }
        paging?: { cursors?: { after?: string }; next?: string }
      }
      for (const g of answer.data?.groups ?? []) if (g.id) all.push({ id: g.id, subject: g.subject })
      after = answer.paging?.next ? answer.paging.cursors?.after : undefined
      if (!after) break
    }
    return all
  }

  private async send(to: string, type: string, content: unknown, options?: SendOptions): Promise<SentMessage> {
    if (!this.running) throw new CloudApiError(503, undefined, 'not connected')
    const group = to.endsWith('@g.us')
    const body: Record<string, unknown> = {
      messaging_product: 'whatsapp',
      recipient_type: group ? 'group' : 'individual',
      to: group ? groupIdOf(to) : digitsOnly(to),
      type,
      [type]: content,
    }
    if (options?.quotedProviderMessageId) body.context = { message_id: options.quotedProviderMessageId }
    const answer = (await this.graph('POST', `/${this.settings.phoneNumberId}/messages`, body)) as {
      messages?: Array<{ id?: string }>
    }
    const id = answer.messages?.[0]?.id
    if (!id) throw new CloudApiError(502, undefined, 'the Graph API answered without a message id')
    return { providerMessageId: id, ack: 1 }
  }

  private async upload(media: OutboundMedia): Promise<string> {
    if (!this.running) throw new CloudApiError(503, undefined, 'not connected')
    const form = new FormData()
    form.set('messaging_product', 'whatsapp')
    form.set('type', media.mimeType)
    form.set('file', new Blob([new Uint8Array(media.data)], { type: media.mimeType }), media.fileName)
    const answer = (await this.graph('POST', `/${this.settings.phoneNumberId}/media`, form)) as { id?: string }
    if (!answer.id) throw new CloudApiError(502, undefined, 'the Graph API answered without a media id')
    return answer.id
  }

  private async graph(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { authorization: `Bearer ${this.settings.accessToken}` }
    let payload: BodyInit | undefined
    if (body instanceof FormData) payload = body
    else if (body !== undefined) {
      headers['content-type'] = 'application/json'
      payload = JSON.stringify(body)
    }
    const res = await this.fetch(`${this.baseUrl}${path}`, { method, headers, body: payload })
    const text = await res.text()
    let parsed: unknown
    try {
      parsed = text ? JSON.parse(text) : {}
    } catch {
      parsed = {}
    }
    if (!res.ok) {
      const error = (parsed as { error?: { code?: number; message?: string } }).error
      throw new CloudApiError(res.status, error?.code, error?.message ?? `Graph API answered ${res.status}`)
    }
    return parsed
  }
}

export const createCloudApiDriver =
  (options: CloudApiOptions = {}) =>
  (context: DriverContext) =>
    new CloudApiDriver(context, options)
