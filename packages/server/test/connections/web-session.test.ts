import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseLocationBody, parseVcardBody } from '@desk/api-client'
import type { WAMessage } from '@whiskeysockets/baileys'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { DriverContext, InboundMessage, StatusUpdate } from '../../src/drivers/types'
import { WebSessionDriver } from '../../src/drivers/web-session/driver'
import {
  ackOfStatus,
  CLOSE_CODES,
  jidToNumber,
  mapConnectionUpdate,
  mapMessageUpdates,
  mapReceipts,
  mapWebMessage,
  numberToJid,
} from '../../src/drivers/web-session/mapping'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'
import { fakeConnector } from '../support/web-socket-fake'

/* Recorded shapes of what the library hands to `messages.upsert` (ids and keys shortened). */
const MARIA = '5511900000001@s.whatsapp.net'
const GROUP = '120363025246125486@g.us'
const base = (id: string, message: WAMessage['message'], key: Partial<WAMessage['key']> = {}): WAMessage => ({
  key: { remoteJid: MARIA, fromMe: false, id, ...key },
  messageTimestamp: 1_700_000_000,
  pushName: 'Maria',
  broadcast: false,
  message,
})

const fixtures = {
  conversation: base('3A1', { conversation: 'Oi, tudo bem?' }),
  reply: base('3A2', {
    extendedTextMessage: {
      text: 'Sim, esse mesmo',
      contextInfo: {
        stanzaId: '3EB0OUT1',
        participant: '5511988880000@s.whatsapp.net',
        quotedMessage: { conversation: 'Is it this one?' },
      },
    },
  }),
  image: base('3A3', {
    imageMessage: {
      url: 'https://mmg.whatsapp.net/o1/v/t62.7118-24/f1/m232/abc.enc',
      mimetype: 'image/jpeg',
      caption: 'the receipt',
      fileLength: 52311,
      height: 1280,
      width: 960,
      mediaKey: new Uint8Array([1, 2, 3]),
    },
  }),
  voice: base('3A4', {
    audioMessage: {
      url: 'https://mmg.whatsapp.net/v/t62.7117-24/x.enc',
      mimetype: 'audio/ogg; codecs=opus',
      seconds: 4,
      ptt: true,
    },
  }),
  location: base('3A5', {
    locationMessage: {
      degreesLatitude: -23.561414,
      degreesLongitude: -46.655881,
      name: 'Office',
      address: 'Av. Paulista, 1000',
      jpegThumbnail: new Uint8Array([0xff, 0xd8, 0xff, 0xe0]),
    },
  }),
  vcard: base('3A6', {
    contactMessage: {
      displayName: 'Ana Souza',
      vcard:
        'BEGIN:VCARD\nVERSION:3.0\nN:Souza;Ana;;;\nFN:Ana Souza\nitem1.TEL;waid=5511988887777:+55 11 98888-7777\nitem1.X-ABLabel:Celular\nEND:VCARD',
    },
  }),
  group: base(
    '3A7',
    { conversation: 'Bom dia, grupo' },
    { remoteJid: GROUP, participant: '5511900000002@s.whatsapp.net' },
  ),
  anonymous: base(
    '3A8',
    { conversation: 'from a hidden number' },
    { remoteJid: '184467440737095@lid', remoteJidAlt: '5511900000003@s.whatsapp.net' },
  ),
  disappearing: base('3A9', { ephemeralMessage: { message: { extendedTextMessage: { text: 'gone in 7 days' } } } }),
  fromMe: base('3B1', { conversation: 'sent from the phone' }, { fromMe: true }),
  status: base('3B2', { conversation: 'my status' }, { remoteJid: 'status@broadcast', participant: MARIA }),
  reaction: base('3B3', { reactionMessage: { key: { id: '3EB0OUT1' }, text: '👍' } }),
}

describe('web-session mapping', () => {
  it('maps text, replies, media, locations, contact cards and group messages', () => {
    expect(mapWebMessage(fixtures.conversation)).toEqual({
      providerMessageId: '3A1',
      from: '5511900000001',
      name: 'Maria',
      isGroup: false,
      groupId: undefined,
      body: 'Oi, tudo bem?',
      mediaType: 'chat',
      mediaRef: undefined,
      quotedProviderMessageId: undefined,
    })
    expect(mapWebMessage(fixtures.reply)).toMatchObject({
      body: 'Sim, esse mesmo',
      quotedProviderMessageId: '3EB0OUT1',
    })
    expect(mapWebMessage(fixtures.image)).toMatchObject({
      body: 'the receipt',
      mediaType: 'image',
      mediaRef: { mimeType: 'image/jpeg' },
    })
    expect(mapWebMessage(fixtures.voice)).toMatchObject({
      body: '',
      mediaType: 'audio',
      mediaRef: { mimeType: 'audio/ogg; codecs=opus' },
    })

    const location = mapWebMessage(fixtures.location)!
    expect(location.mediaType).toBe('location')
    expect(parseLocationBody(location.body)).toEqual({
      imageUrl: 'data:image/jpeg;base64,/9j/4A==',
      link: 'https://maps.google.com/maps?q=-23.561414%2C-46.655881&z=17',
      description: 'Office\nAv. Paulista, 1000',
    })
    const card = mapWebMessage(fixtures.vcard)!
    expect(card.mediaType).toBe('vcard')
    expect(parseVcardBody(card.body)).toMatchObject({ name: 'Ana Souza', number: '5511988887777' })

    expect(mapWebMessage(fixtures.group)).toMatchObject({
      from: '5511900000002',
      isGroup: true,
      groupId: '120363025246125486',
      body: 'Bom dia, grupo',
    })
    expect(mapWebMessage(fixtures.anonymous)).toMatchObject({ from: '5511900000003' })
    expect(mapWebMessage(fixtures.disappearing)).toMatchObject({ body: 'gone in 7 days', mediaType: 'chat' })
  })

  it('leaves out own messages, status posts and reactions', () => {
    expect(mapWebMessage(fixtures.fromMe)).toBeNull()
    expect(mapWebMessage(fixtures.status)).toBeNull()
    expect(mapWebMessage(fixtures.reaction)).toBeNull()
    expect(mapWebMessage(base('3B4', null))).toBeNull()
  })

  it('turns addresses into numbers and back', () => {
    expect(jidToNumber('5511900000001:12@s.whatsapp.net')).toBe('5511900000001')
    expect(numberToJid('5511900000001')).toBe(MARIA)
    expect(numberToJid('120363025246125486')).toBe(GROUP)
    expect(numberToJid('5511900000003', '184467440737095@lid')).toBe('184467440737095@lid')
  })

  it('follows the connection lifecycle', () => {
    const fresh = { qrCodesShown: 0, maxQrCodes: 2, paired: false }
    const closed = (statusCode: number) => ({
      connection: 'close' as const,
      lastDisconnect: { error: Object.assign(new Error('closed'), { output: { statusCode } }), date: new Date() },
    })
    expect(mapConnectionUpdate({ qr: '2@abc' }, fresh)).toEqual({
      status: { status: 'qrcode', qrcode: '2@abc', retries: 0 },
    })
    expect(mapConnectionUpdate({ qr: '2@def' }, { ...fresh, qrCodesShown: 2 }).status?.status).toBe('TIMEOUT')
    expect(mapConnectionUpdate({ connection: 'connecting' }, fresh)).toEqual({})
    expect(mapConnectionUpdate({ connection: 'open' }, fresh).status).toEqual({
      status: 'CONNECTED',
      qrcode: null,
      retries: 0,
    })
    expect(mapConnectionUpdate(closed(515), fresh)).toMatchObject({ status: { status: 'PAIRING' }, reconnect: true })
    expect(mapConnectionUpdate(closed(401), { ...fresh, paired: true })).toMatchObject({
      status: { status: 'DISCONNECTED' },
      forgetPairing: true,
    })
    expect(mapConnectionUpdate(closed(408), fresh).status?.status).toBe('TIMEOUT')
    expect(mapConnectionUpdate(closed(428), { ...fresh, paired: true })).toMatchObject({
      status: { status: 'DISCONNECTED' },
      reconnect: true,
    })
    expect(mapConnectionUpdate(closed(440), { ...fresh, paired: true }).reconnect).toBeUndefined()
  })

  it('reads acks from status updates and receipts, for sent messages only', () => {
    expect([0, 1, 2, 3, 4, 5].map(ackOfStatus)).toEqual(['failed', null, 1, 2, 3, 4])
    expect(
      mapMessageUpdates([
        { key: { remoteJid: MARIA, fromMe: true, id: 'S1' }, update: { status: 3 } },
        { key: { remoteJid: MARIA, fromMe: true, id: 'S2' }, update: { status: 0 } },
        { key: { remoteJid: MARIA, fromMe: false, id: 'R1' }, update: { status: 4 } },
        { key: { remoteJid: MARIA, fromMe: true, id: 'S3' }, update: { starred: true } },
      ]),
    ).toEqual([
      { providerMessageId: 'S1', ack: 2 },
      { providerMessageId: 'S2', ack: 'failed' },
    ])
    expect(
      mapReceipts([
        {
          key: { remoteJid: GROUP, fromMe: true, id: 'G1' },
          receipt: { userJid: MARIA, readTimestamp: 1_700_000_100 },
        },
        {
          key: { remoteJid: GROUP, fromMe: true, id: 'G2' },
          receipt: { userJid: MARIA, playedTimestamp: 1_700_000_100 },
        },
        {
          key: { remoteJid: GROUP, fromMe: true, id: 'G3' },
          receipt: { userJid: MARIA, receiptTimestamp: 1_700_000_100 },
        },
      ]),
    ).toEqual([
      { providerMessageId: 'G1', ack: 3 },
      { providerMessageId: 'G2', ack: 4 },
      { providerMessageId: 'G3', ack: 2 },
    ])
  })
})

describe('web-session library', () => {
  it('offers what the driver calls, without connecting anywhere', async () => {
    const baileys = await import('@whiskeysockets/baileys')
    expect(typeof baileys.makeWASocket).toBe('function')
    expect(typeof baileys.useMultiFileAuthState).toBe('function')
    expect(typeof baileys.downloadMediaMessage).toBe('function')
    expect(baileys.Browsers.ubuntu('LimeDesk')).toEqual(['Ubuntu', 'LimeDesk', expect.any(String)])
    expect(baileys.DisconnectReason).toMatchObject(CLOSE_CODES)
  })
})

describe('web-session driver', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  const setup = (media?: Buffer | Error) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-web-'))
    dirs.push(dataDir)
    const fake = fakeConnector(media)
    const statuses: StatusUpdate[] = []
    const inbound: InboundMessage[] = []
    const acks: Array<[string, number | 'failed']> = []
    const context: DriverContext = {
      connectionId: 4,
      config: {},
      dataDir,
      paired: false,
      events: {
        status: async (s) => void statuses.push(s),
        inbound: async (m) => inbound.push(m),
        ack: async (id, ack) => acks.push([id, ack]),
        failed: async (id) => acks.push([id, 'failed']),
      },
    }
    const driver = new WebSessionDriver(context, { connector: fake.connector, maxQrCodes: 2, reconnectDelayMs: 1 })
    return { driver, fake, statuses, inbound, acks, dataDir }
  }

  it('shows QR codes, pairs through the restart the network asks for, then receives and sends', async () => {
    const { driver, fake, statuses, inbound, acks, dataDir } = setup()
    await driver.start()
    fake.current().emit('connection.update', { qr: '2@first' })
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual({ status: 'qrcode', qrcode: '2@first', retries: 0 }))
    expect(driver.isConnected()).toBe(false)
    fake.pair(dataDir, 4)
    fake.current().emit('connection.update', {
      connection: 'close',
      lastDisconnect: {
        error: Object.assign(new Error('restart required'), { output: { statusCode: 515 } }),
        date: new Date(),
      },
    })
    await vi.waitFor(() => expect(fake.sockets).toHaveLength(2))
    expect(statuses.at(-1)?.status).toBe('PAIRING')
    fake.current().emit('connection.update', { connection: 'open' })
    await vi.waitFor(() => expect(driver.isConnected()).toBe(true))
    expect(statuses.map((s) => s.status)).toEqual(['OPENING', 'qrcode', 'PAIRING', 'CONNECTED'])

    fake
      .current()
      .emit('messages.upsert', { type: 'notify', messages: [fixtures.voice, fixtures.group, fixtures.fromMe] })
    await vi.waitFor(() => expect(inbound).toHaveLength(2))
    expect(inbound[0]).toMatchObject({
      providerMessageId: '3A4',
      mediaType: 'audio',
      media: { mimeType: 'audio/ogg; codecs=opus' },
    })
    expect(inbound[0]?.media?.data.toString()).toContain('OggS')
    fake.current().emit('messages.upsert', { type: 'append', messages: [fixtures.conversation] })

    const sent = await driver.sendText('5511900000001', 'Olá!', { quotedProviderMessageId: '3A4' })
    await driver.sendText('120363025246125486', 'Bom dia a todos')
    await driver.sendVcard('5511900000001', { name: 'Ana', number: '5511988887777' })
    await driver.sendLocation('5511900000001', {
      link: 'https://maps.google.com/maps?q=-23.5%2C-46.6&z=17',
      description: 'Office',
    })
    const socket = fake.current()
    expect(socket.sent[0]).toMatchObject({ jid: MARIA, content: { text: 'Olá!' } })
    expect(socket.sent[0]?.options?.quoted?.key.id).toBe('3A4')
    expect(socket.sent[1]?.jid).toBe(GROUP)
    expect(
      parseVcardBody((socket.sent[2]!.content.contacts as { contacts: Array<{ vcard: string }> }).contacts[0]!.vcard),
    ).toMatchObject({
      name: 'Ana',
      number: '5511988887777',
    })
    expect(socket.sent[3]?.content).toEqual({
      location: { degreesLatitude: -23.5, degreesLongitude: -46.6, name: 'Office', address: undefined },
    })
    expect(await driver.checkNumber('5511900000001')).toBe('5511900000001')
    // A group's name is asked of the session, at the group's own address.
    expect(await driver.groupName!('120363025246125486')).toBe('Team 486')
    expect(socket.groupsAsked).toEqual([GROUP])
    expect(await driver.listDeviceContacts()).toEqual([{ number: '5511900000001', name: 'Maria' }])

    socket.emit('messages.update', [
      { key: { remoteJid: MARIA, fromMe: true, id: sent.providerMessageId }, update: { status: 4 } },
    ])
    await vi.waitFor(() => expect(acks).toEqual([[sent.providerMessageId, 3]]))
    expect(inbound).toHaveLength(2)
  })

  it('keeps a message whose media cannot be fetched', async () => {
    const { driver, fake, inbound, dataDir } = setup(new Error('media expired'))
    fake.pair(dataDir, 4)
    await driver.start()
    fake.current().emit('connection.update', { connection: 'open' })
    await vi.waitFor(() => expect(driver.isConnected()).toBe(true))
    fake.current().emit('messages.upsert', { type: 'notify', messages: [fixtures.image] })
    await vi.waitFor(() => expect(inbound).toHaveLength(1))
    expect(inbound[0]).toMatchObject({ providerMessageId: '3A3', body: 'the receipt', mediaType: 'image' })
    expect(inbound[0]?.media).toBeUndefined()
  })

  it("lists, creates and changes groups through the library's group calls", async () => {
    const { driver, fake, dataDir } = setup()
    fake.pair(dataDir, 4)
    await driver.start()
    fake.current().emit('connection.update', { connection: 'open' })
    await vi.waitFor(() => expect(driver.isConnected()).toBe(true))
    const created = await driver.createGroup('Pedido 9', ['5511900000001'])
    expect(created).toEqual({
      id: '120363000000000001',
      inviteLink: expect.stringMatching(/^https:\/\/chat\.whatsapp\.com\/code-/),
      invited: false,
    })
    await driver.setGroupSubject(created.id, 'Pedido 9 (urgente)')
    await driver.setGroupDescription(created.id, 'Entrega el lunes')
    await driver.setGroupAnnounce(created.id, true)
    expect(await driver.listGroups()).toEqual([
      {
        id: '120363000000000001',
        name: 'Pedido 9 (urgente)',
        description: 'Entrega el lunes',
        participants: ['5511900000001'],
        isAdmin: true,
        announce: true,
      },
    ])
    expect(driver.ownNumber()).toBe('5511988880000')
    await driver.sendText(`${created.id}@g.us`, 'Hola grupo')
    expect(fake.current().sent.at(-1)?.jid).toBe('120363000000000001@g.us')
  })

  it('times out after the allowed QR codes, and forgets the pairing when logged out', async () => {
    const { driver, fake, statuses, dataDir } = setup()
    await driver.start()
    for (const qr of ['2@a', '2@b', '2@c']) fake.current().emit('connection.update', { qr })
    await vi.waitFor(() => expect(statuses.at(-1)?.status).toBe('TIMEOUT'))
    expect(statuses.filter((s) => s.status === 'qrcode').map((s) => s.retries)).toEqual([0, 1])
    expect(fake.current().ended).toBe(true)

    const authDir = fake.pair(dataDir, 4)
    await driver.start()
    fake.current().emit('connection.update', { connection: 'open' })
    await vi.waitFor(() => expect(driver.isConnected()).toBe(true))
    fake.current().emit('connection.update', {
      connection: 'close',
      lastDisconnect: {
        error: Object.assign(new Error('logged out'), { output: { statusCode: 401 } }),
        date: new Date(),
      },
    })
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: null }))
    expect(existsSync(authDir)).toBe(false)
    expect(driver.isConnected()).toBe(false)
    await expect(driver.sendText('5511900000001', 'x')).rejects.toThrow('not connected')
  })
})

describe('web-session connection through the API', () => {
  const fake = fakeConnector()
  let t: TestServer
  let admin: Client

  beforeAll(async () => {
    t = await startTestServer('sqlite', { autoCloseHours: 0, webSession: { connector: fake.connector } })
    admin = await bootstrapAdmin(t)
  })
  afterAll(() => t?.close())

  it('pairs with a QR code, turns messages into tickets and replies through the socket', async () => {
    const created = await admin.call('connectionCreate', { body: { name: 'Phone', driver: 'web-session' } })
    expect(created.status).toBe(200)
    const id = created.body.id
    fake.current().emit('connection.update', { qr: '2@scan-me' })
    await vi.waitFor(async () =>
      expect((await admin.call('connectionGet', { params: { id } })).body).toMatchObject({
        status: 'qrcode',
        qrcode: '2@scan-me',
      }),
    )
    fake.current().emit('connection.update', { connection: 'open' })
    await vi.waitFor(async () =>
      expect((await admin.call('connectionGet', { params: { id } })).body.status).toBe('CONNECTED'),
    )

    fake.current().emit('messages.upsert', { type: 'notify', messages: [fixtures.group, fixtures.group] })
    const find = async () => (await admin.call('ticketList', { query: { showAll: true, isGroup: true } })).body.tickets
    await vi.waitFor(async () => expect(await find()).toHaveLength(1))
    const [ticket] = await find()
    expect(ticket!.contact).toMatchObject({ number: '120363025246125486' })
    const page = await admin.call('messageList', { params: { ticketId: ticket!.id } })
    expect(page.body.messages.map((m) => [m.body, m.contact?.name])).toEqual([['Bom dia, grupo', 'Maria']])

    await admin.call('ticketUpdate', { params: { id: ticket!.id }, body: { status: 'open' } })
    const reply = await admin.call('messageSend', { params: { ticketId: ticket!.id }, body: { body: 'Bom dia!' } })
    expect(reply.body.messages[0]).toMatchObject({ error: null, ack: 1 })
    expect(fake.current().sent.at(-1)).toMatchObject({ jid: GROUP, content: { text: 'Bom dia!' } })
    expect(fake.current().read.length).toBeGreaterThan(0)

    fake
      .current()
      .emit('messages.update', [{ key: { remoteJid: GROUP, fromMe: true, id: '3EB0OUT1' }, update: { status: 3 } }])
    await vi.waitFor(async () => {
      const messages = (await admin.call('messageList', { params: { ticketId: ticket!.id } })).body.messages
      expect(messages.find((m) => m.body === 'Bom dia!')?.ack).toBe(2)
    })
  })

  it('stores what the library hands over without NUL bytes, as the contract does for the API', async () => {
    const withNul = base(
      '3A\u0000NUL',
      { conversation: 'Oi\u0000 de novo' },
      { remoteJid: '5511900000077@s.whatsapp.net' },
    )
    fake.current().emit('messages.upsert', { type: 'notify', messages: [{ ...withNul, pushName: 'Ju\u0000lia' }] })
    const row = () =>
      t.server.db
        .selectFrom('messages')
        .innerJoin('contacts', 'contacts.id', 'messages.contactId')
        .select(['messages.body', 'messages.providerMessageId', 'contacts.name'])
        .where('contacts.number', '=', '5511900000077')
        .executeTakeFirst()
    await vi.waitFor(async () =>
      expect(await row()).toEqual({ body: 'Oi de novo', providerMessageId: '3ANUL', name: 'Julia' }),
    )
  })
})
