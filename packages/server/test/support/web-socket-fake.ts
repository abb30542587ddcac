import { EventEmitter } from 'node:events'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { GroupMetadata, WAMessage } from '@whiskeysockets/baileys'
import type { WebConnector, WebSocketLike } from '../../src/drivers/web-session/driver'

/**
 * Stands in for the web client's socket: tests emit what the network would report
 * (`connection.update`, `messages.upsert` …) and read back what the driver sent.
 */
export class FakeWebSocket {
  readonly ev = new EventEmitter()
  readonly sent: Array<{ jid: string; content: Record<string, unknown>; options?: { quoted?: WAMessage } }> = []
  readonly read: unknown[] = []
  ended = false
  loggedOut = false
  private sequence = 0

  /** `idPrefix` starts the ids of sent messages (each phone's own, when a test runs several). */
  constructor(private readonly idPrefix = '3EB0OUT') {}

  async sendMessage(jid: string, content: Record<string, unknown>, options?: { quoted?: WAMessage }) {
    this.sent.push({ jid, content, options })
    this.sequence += 1
    return { key: { remoteJid: jid, fromMe: true, id: `${this.idPrefix}${this.sequence}` }, message: {} } as WAMessage
  }
  async readMessages(keys: unknown[]) {
    this.read.push(...keys)
  }
  async onWhatsApp(jid: string) {
    return [{ jid, exists: !jid.startsWith('000') }]
  }
  /** Groups are named after their id's last digits; `groupsAsked` keeps the questions. */
  readonly groupsAsked: string[] = []
  async groupMetadata(jid: string) {
    this.groupsAsked.push(jid)
    return { subject: `Team ${jid.split('@')[0]!.slice(-3)}` }
  }
  /** The account, as the library names it once connected. */
  readonly user = { id: '5511988880000:3@s.whatsapp.net' }
  /** The groups the phone is in, as the library reports them; the group calls change them. */
  readonly groups = new Map<string, GroupMetadata>()
  async groupFetchAllParticipating() {
    return Object.fromEntries(this.groups)
  }
  async groupCreate(subject: string, participants: string[]) {
    const id = `1203630000000${String(this.groups.size + 1).padStart(5, '0')}@g.us`
    const meta = {
      id,
      subject,
      owner: this.user.id,
      participants: [
        { id: '5511988880000@s.whatsapp.net', admin: 'superadmin' as const },
        ...participants.map((p) => ({ id: p, admin: null })),
      ],
    }
    this.groups.set(id, meta)
    return meta
  }
  private group(jid: string) {
    const meta = this.groups.get(jid)
    if (!meta) throw new Error('item-not-found')
    return meta
  }
  async groupUpdateSubject(jid: string, subject: string) {
    this.group(jid).subject = subject
  }
  async groupUpdateDescription(jid: string, description?: string) {
    this.group(jid).desc = description
  }
  async groupSettingUpdate(jid: string, setting: string) {
    this.group(jid).announce = setting === 'announcement'
  }
  async groupInviteCode(jid: string) {
    return `code-${this.group(jid).id.split('@')[0]}`
  }
  async logout() {
    this.loggedOut = true
  }
  end() {
    this.ended = true
  }
  emit(event: string, payload: unknown) {
    this.ev.emit(event, payload)
  }
}

/**
 * A connector handing out fake sockets; `media` is what every download returns (or fails with), `idPrefix`
 * starts the ids of what they send.
 */
export const fakeConnector = (media: Buffer | Error = Buffer.from('OggS fake voice note'), idPrefix?: string) => {
  const sockets: FakeWebSocket[] = []
  const connector: WebConnector = async () => {
    const socket = new FakeWebSocket(idPrefix)
    sockets.push(socket)
    const download = async () => {
      if (media instanceof Error) throw media
      return media
    }
    return { socket: socket as unknown as WebSocketLike, download }
  }
  return {
    connector,
    sockets,
    current: () => sockets.at(-1)!,
    /** What a completed pairing leaves in the session folder. */
    pair: (dataDir: string, connectionId: number) => {
      const dir = path.join(dataDir, 'sessions', String(connectionId))
      mkdirSync(dir, { recursive: true })
      writeFileSync(path.join(dir, 'creds.json'), JSON.stringify({ me: { id: '5511988880000:3@s.whatsapp.net' } }))
      return dir
    },
  }
}
