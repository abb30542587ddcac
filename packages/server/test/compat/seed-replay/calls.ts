import type { Message, User } from '@desk/api-client'
import { expect } from 'vitest'
import type { TestServer } from '../../support/server'
import { PASSWORD } from '../../support/server'
import type { Json, SeedAnswer, SeedClient, SeedRequest } from './seed-client'

/**
 * Every HTTP call of the seed's agent front end (spec 000 §7), in the order a working day
 * makes them, each written as that client sends it (method, path, query string, body with
 * the extra fields it includes) and checked for what that client reads of the answer.
 */

export interface SeedState {
  t: TestServer
  /** The administrator's browser. */
  client: SeedClient
  /** An agent's browser (Sam, who signs up first). */
  agent: SeedClient
  /** The paired simulator connection (the default one) and the customer already writing on it. */
  sim: { id: number }
  customer: { ticketId: number; number: string }
  admin: User
  /** A session of the administrator opened before the replay (for checks outside it). */
  adminToken?: string
  ids: Record<string, number>
  kept: Record<string, Json>
}

export interface SeedCall {
  /** What the seed's client does, as `METHOD /path (what for)`. */
  call: string
  request: (s: SeedState) => SeedRequest
  status: number
  /** Checks what the seed's client reads of the answer, and keeps what later calls need. */
  reads?: (body: Json, s: SeedState, answer: SeedAnswer) => void | Promise<void>
}

const PNG = Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), Buffer.alloc(48, 1)])
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n')
const MP3 = Buffer.concat([Buffer.from('ID3', 'latin1'), Buffer.from([4, 0, 0, 0, 0, 0, 0]), Buffer.alloc(12_000, 0)])
const AUDIO_NAME = 'audio-record-site-1764000000000.mp3'

/** What a ticket list answer must hold for the seed's lists and counters. */
const ticketList = (body: Json) => {
  expect(body).toMatchObject({ tickets: expect.any(Array), hasMore: expect.any(Boolean), count: expect.any(Number) })
  for (const ticket of body.tickets) {
    expect(ticket).toMatchObject({
      id: expect.any(Number),
      status: expect.any(String),
      contact: { id: expect.any(Number), name: expect.any(String) },
      unreadMessages: expect.any(Number),
      isGroup: expect.any(Boolean),
      updatedAt: expect.any(String),
      createdAt: expect.any(String),
    })
  }
  return body.tickets as Array<{ id: number; status: string; createdAt: string }>
}

/** A page answer (`{<items>, hasMore}`) as the seed's infinite lists read it. */
const page = (key: string, body: Json) => {
  expect(body).toMatchObject({ [key]: expect.any(Array), hasMore: expect.any(Boolean) })
  return body[key] as Json[]
}

const queueIds = (s: SeedState) => JSON.stringify([s.ids.sales, s.ids.support])

export const SEED_CALLS: SeedCall[] = [
  /* ---------- auth ---------- */
  {
    call: 'POST /auth/login',
    request: () => ({
      method: 'POST',
      path: '/auth/login',
      anonymous: true,
      json: { email: 'admin@desk.test', password: PASSWORD },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({
        token: expect.any(String),
        user: { id: s.admin.id, name: 'Admin', profile: 'admin', queues: expect.any(Array) },
      })
      s.client.token = body.token
    },
  },
  {
    call: 'POST /auth/refresh_token',
    request: () => ({ method: 'POST', path: '/auth/refresh_token' }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ token: expect.any(String), user: { id: s.admin.id, profile: 'admin' } })
      s.client.token = body.token
    },
  },

  /* ---------- settings ---------- */
  {
    call: 'GET /settings',
    request: () => ({ method: 'GET', path: '/settings' }),
    status: 200,
    reads: (body, s) => {
      expect(body).toEqual(expect.arrayContaining([{ key: 'userCreation', value: 'disabled', ...maybeDates(body) }]))
      s.kept.apiToken = body.find((x: { key: string }) => x.key === 'userApiToken')?.value
    },
  },
  {
    call: 'PUT /settings/:key',
    request: () => ({ method: 'PUT', path: '/settings/userCreation', json: { value: 'enabled' } }),
    status: 200,
    reads: (body) => expect(body).toMatchObject({ key: 'userCreation', value: 'enabled' }),
  },
  // Signup starts closed once an administrator exists; the administrator has just opened it.
  {
    call: 'POST /auth/signup',
    request: () => ({
      method: 'POST',
      path: '/auth/signup',
      anonymous: true,
      json: { name: 'Sam Seed', email: 'sam@desk.test', password: 'sam-pass' },
    }),
    status: 200,
    reads: (body) => expect(body).toMatchObject({ id: expect.any(Number), profile: 'user' }),
  },

  /* ---------- queues ---------- */
  {
    call: 'POST /queue (Sales)',
    request: () => ({
      method: 'POST',
      path: '/queue',
      json: { name: 'Sales', color: '#0b8a3e', greetingMessage: 'Sales here, how can we help?' },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ id: expect.any(Number), name: 'Sales', color: '#0b8a3e' })
      s.ids.sales = body.id
    },
  },
  {
    call: 'POST /queue (Support, no greeting)',
    request: () => ({
      method: 'POST',
      path: '/queue',
      json: { name: 'Support', color: '#2a5bd7', greetingMessage: '' },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ id: expect.any(Number), name: 'Support', greetingMessage: null })
      s.ids.support = body.id
    },
  },
  {
    call: 'GET /queue',
    request: () => ({ method: 'GET', path: '/queue' }),
    status: 200,
    reads: (body) =>
      expect(body.map((q: { name: string; color: string }) => [q.name, q.color])).toEqual([
        ['Sales', '#0b8a3e'],
        ['Support', '#2a5bd7'],
      ]),
  },
  {
    call: 'GET /queue/:id',
    request: (s) => ({ method: 'GET', path: `/queue/${s.ids.sales}` }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ name: 'Sales', color: '#0b8a3e', greetingMessage: 'Sales here, how can we help?' })
      s.kept.queue = body
    },
  },
  {
    call: 'PUT /queue/:id (the form, holding what GET answered)',
    request: (s) => ({ method: 'PUT', path: `/queue/${s.ids.sales}`, json: { ...s.kept.queue, name: 'Sales team' } }),
    status: 200,
    reads: (body, s) => expect(body).toMatchObject({ id: s.ids.sales, name: 'Sales team', color: '#0b8a3e' }),
  },

  /* ---------- connections ---------- */
  {
    call: 'POST /whatsapp (form plus queueIds)',
    request: (s) => ({
      method: 'POST',
      path: '/whatsapp',
      json: {
        name: 'Second line',
        greetingMessage: 'Hello! 1 for Sales, 2 for Support',
        farewellMessage: 'Thank you, bye',
        isDefault: false,
        queueIds: [s.ids.sales, s.ids.support],
      },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ id: expect.any(Number), name: 'Second line', isDefault: false })
      s.ids.line = body.id
    },
  },
  {
    call: 'GET /whatsapp/',
    request: () => ({ method: 'GET', path: '/whatsapp/' }),
    status: 200,
    reads: (body, s) => {
      expect(body.map((w: { id: number }) => w.id)).toEqual([s.sim.id, s.ids.line])
      for (const w of body) {
        expect(w).toMatchObject({
          id: expect.any(Number),
          name: expect.any(String),
          status: expect.any(String),
          updatedAt: expect.any(String),
          isDefault: expect.any(Boolean),
          retries: expect.any(Number),
        })
        expect(w).toHaveProperty('qrcode')
      }
    },
  },
  {
    call: 'GET /whatsapp/:id',
    request: (s) => ({ method: 'GET', path: `/whatsapp/${s.ids.line}` }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({
        name: 'Second line',
        greetingMessage: 'Hello! 1 for Sales, 2 for Support',
        farewellMessage: 'Thank you, bye',
        isDefault: false,
        queues: [{ id: s.ids.sales }, { id: s.ids.support }],
      })
      expect(body).toHaveProperty('qrcode')
      s.kept.line = body
    },
  },
  {
    call: 'PUT /whatsapp/:id (what GET answered, read-only fields and cloudApi: null included, plus queueIds)',
    request: (s) => {
      expect(s.kept.line).toMatchObject({ id: s.ids.line, status: expect.any(String), cloudApi: null })
      return {
        method: 'PUT',
        path: `/whatsapp/${s.ids.line}`,
        json: { ...s.kept.line, name: 'Sales line', queueIds: [s.ids.sales, s.ids.support] },
      }
    },
    status: 200,
    reads: (body, s) =>
      expect(body).toMatchObject({ id: s.ids.line, name: 'Sales line', isDefault: false, status: s.kept.line.status }),
  },
  {
    call: 'POST /whatsappsession/:id (try again)',
    request: (s) => ({ method: 'POST', path: `/whatsappsession/${s.ids.line}` }),
    status: 200,
    reads: (body, s) => expect(body).toMatchObject({ id: s.ids.line, status: expect.any(String) }),
  },
  {
    call: 'PUT /whatsappsession/:id (new QR)',
    request: (s) => ({ method: 'PUT', path: `/whatsappsession/${s.ids.line}` }),
    status: 200,
    reads: (body, s) => expect(body).toMatchObject({ id: s.ids.line, status: expect.any(String) }),
  },
  {
    call: 'DELETE /whatsappsession/:id (disconnect)',
    request: (s) => ({ method: 'DELETE', path: `/whatsappsession/${s.ids.line}` }),
    status: 200,
    reads: (body, s) => expect(body).toMatchObject({ id: s.ids.line, status: 'DISCONNECTED' }),
  },

  /* ---------- users ---------- */
  {
    call: 'POST /users (whatsappId: false)',
    request: (s) => ({
      method: 'POST',
      path: '/users',
      json: {
        name: 'Uma User',
        email: 'uma@desk.test',
        password: 'uma-pass',
        profile: 'user',
        whatsappId: false,
        queueIds: [s.ids.sales],
      },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ id: expect.any(Number), whatsappId: null, queues: [{ id: s.ids.sales }] })
      s.ids.uma = body.id
    },
  },
  {
    call: 'GET /users/',
    request: () => ({ method: 'GET', path: '/users/', query: { searchParam: '', pageNumber: 1 } }),
    status: 200,
    reads: (body) => {
      const users = page('users', body)
      expect(users.map((u) => u.email)).toEqual(expect.arrayContaining(['admin@desk.test', 'uma@desk.test']))
      for (const u of users)
        expect(u).toMatchObject({ id: expect.any(Number), name: expect.any(String), profile: expect.any(String) })
    },
  },
  {
    call: 'GET /users/:id',
    request: (s) => ({ method: 'GET', path: `/users/${s.ids.uma}` }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({
        name: 'Uma User',
        email: 'uma@desk.test',
        profile: 'user',
        queues: [{ id: s.ids.sales }],
        whatsappId: null,
      })
      s.kept.uma = body
    },
  },
  ...(
    [
      ['the connection id', (s: SeedState) => s.sim.id],
      ["''", () => ''],
      ['0', () => 0],
      ['null', () => null],
    ] as const
  ).map(
    ([label, whatsappId]): SeedCall => ({
      call: `PUT /users/:id (what GET answered, password '', whatsappId: ${label})`,
      request: (s) => ({
        method: 'PUT',
        path: `/users/${s.ids.uma}`,
        json: { ...s.kept.uma, password: '', whatsappId: whatsappId(s), queueIds: [s.ids.sales, s.ids.support] },
      }),
      status: 200,
      reads: (body, s) =>
        expect(body).toMatchObject({
          id: s.ids.uma,
          whatsappId: label === 'the connection id' ? s.sim.id : null,
          queues: [{ id: s.ids.sales }, { id: s.ids.support }],
        }),
    }),
  ),

  {
    call: 'POST /auth/login (an agent)',
    request: () => ({
      method: 'POST',
      path: '/auth/login',
      anonymous: true,
      asAgent: true,
      json: { email: 'sam@desk.test', password: 'sam-pass' },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ token: expect.any(String), user: { name: 'Sam Seed', profile: 'user' } })
      s.agent.token = body.token
      s.ids.sam = body.user.id
    },
  },
  {
    call: 'GET /users/:id (an agent opens their own profile)',
    request: (s) => ({ method: 'GET', path: `/users/${s.ids.sam}`, asAgent: true }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({
        name: 'Sam Seed',
        email: 'sam@desk.test',
        profile: 'user',
        queues: [],
        whatsappId: null,
      })
      s.kept.sam = body
    },
  },
  {
    call: 'PUT /users/:id (an agent saves their own profile: the whole form back, new name and password)',
    request: (s) => ({
      method: 'PUT',
      path: `/users/${s.ids.sam}`,
      asAgent: true,
      json: { ...s.kept.sam, name: 'Samuel Seed', password: 'sam-pass-2', queueIds: [] },
    }),
    status: 200,
    reads: (body, s) => expect(body).toMatchObject({ id: s.ids.sam, name: 'Samuel Seed', profile: 'user' }),
  },

  /* ---------- contacts ---------- */
  {
    call: 'POST /contacts',
    request: () => ({
      method: 'POST',
      path: '/contacts',
      json: {
        name: 'Carla Client',
        number: '5511966660001',
        email: 'carla@example.com',
        extraInfo: [{ name: 'CPF', value: '123' }],
      },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ id: expect.any(Number), name: 'Carla Client', number: '5511966660001' })
      s.ids.carla = body.id
    },
  },
  {
    call: 'POST /contact',
    request: () => ({
      method: 'POST',
      path: '/contact',
      json: { name: 'Dario Dias', number: '5511966660002', email: '', extraInfo: [] },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ id: expect.any(Number), name: 'Dario Dias', email: null })
      s.ids.dario = body.id
    },
  },
  {
    call: 'GET /contacts/',
    request: () => ({ method: 'GET', path: '/contacts/', query: { searchParam: '', pageNumber: 1 } }),
    status: 200,
    reads: (body) => {
      const contacts = page('contacts', body)
      expect(contacts.map((c) => c.name)).toEqual(expect.arrayContaining(['Carla Client', 'Dario Dias', 'Maria']))
      for (const c of contacts) expect(c).toHaveProperty('profilePicUrl')
    },
  },
  {
    call: 'GET /contacts/:id',
    request: (s) => ({ method: 'GET', path: `/contacts/${s.ids.carla}` }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({
        id: s.ids.carla,
        name: 'Carla Client',
        number: '5511966660001',
        email: 'carla@example.com',
        extraInfo: [{ id: expect.any(Number), name: 'CPF', value: '123' }],
      })
      expect(body).toHaveProperty('profilePicUrl')
      s.kept.carla = body
    },
  },
  {
    call: 'PUT /contacts/:id (the form, holding what GET answered)',
    request: (s) => ({
      method: 'PUT',
      path: `/contacts/${s.ids.carla}`,
      json: {
        ...s.kept.carla,
        name: 'Carla C.',
        extraInfo: [...s.kept.carla.extraInfo, { name: 'Plan', value: 'Gold' }],
      },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ id: s.ids.carla, name: 'Carla C.', number: '5511966660001' })
      expect(body.extraInfo.map((x: { name: string; value: string }) => [x.name, x.value])).toEqual([
        ['CPF', '123'],
        ['Plan', 'Gold'],
      ])
    },
  },
  {
    call: 'POST /contacts/import (no body)',
    request: () => ({ method: 'POST', path: '/contacts/import' }),
    status: 200,
    // The phone book holds Phone Friend and Maria, who wrote (and is a contact already).
    reads: (body) => expect(body).toEqual({ added: 1, skipped: 1 }),
  },
  {
    call: 'GET /contactsZDG',
    request: () => ({ method: 'GET', path: '/contactsZDG' }),
    status: 200,
    reads: (body) => {
      expect(body).toEqual(
        expect.arrayContaining([
          { name: 'Carla C.', number: '5511966660001', email: 'carla@example.com' },
          { name: 'Phone Friend', number: '5511977770001', email: null },
        ]),
      )
    },
  },

  /* ---------- tickets: the lists the seed's screens ask for ---------- */
  {
    call: 'GET /tickets (dashboard: status=open&showAll=true&queueIds=[…]&withUnreadMessages=false)',
    request: (s) => ({
      method: 'GET',
      path: '/tickets',
      query: { status: 'open', showAll: 'true', queueIds: queueIds(s), withUnreadMessages: 'false' },
    }),
    status: 200,
    reads: (body) => expect(ticketList(body)).toEqual([]),
  },
  {
    call: 'GET /tickets (dashboard waiting: status=pending&showAll=true&…)',
    request: (s) => ({
      method: 'GET',
      path: '/tickets',
      query: { status: 'pending', showAll: 'true', queueIds: queueIds(s), withUnreadMessages: 'false' },
    }),
    status: 200,
    reads: (body, s) => expect(ticketList(body).map((t) => t.id)).toEqual([s.customer.ticketId]),
  },
  {
    call: 'GET /tickets (dashboard chart: date=<ISO date-time>)',
    request: () => ({ method: 'GET', path: '/tickets', query: { date: new Date().toISOString() } }),
    status: 200,
    reads: (body, s) => {
      const tickets = ticketList(body)
      expect(tickets.map((t) => t.id)).toEqual([s.customer.ticketId])
      expect(tickets[0]?.createdAt.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10))
    },
  },
  {
    call: 'GET /tickets (notifications: withUnreadMessages=true)',
    request: () => ({ method: 'GET', path: '/tickets', query: { withUnreadMessages: 'true' } }),
    status: 200,
    reads: (body, s) => expect(ticketList(body).map((t) => t.id)).toEqual([s.customer.ticketId]),
  },
  {
    call: 'GET /tickets (tickets tab: pageNumber=1&status=pending&showAll=true&queueIds=[…])',
    request: (s) => ({
      method: 'GET',
      path: '/tickets',
      query: { pageNumber: 1, status: 'pending', showAll: true, queueIds: queueIds(s) },
    }),
    status: 200,
    reads: (body, s) => {
      expect(ticketList(body).map((t) => t.id)).toEqual([s.customer.ticketId])
      expect(body.count).toBe(1)
    },
  },
  {
    call: 'GET /tickets (search tab: searchParam=…&pageNumber=1&showAll=true&queueIds=[])',
    request: () => ({
      method: 'GET',
      path: '/tickets',
      query: { searchParam: 'maria', pageNumber: 1, showAll: true, queueIds: '[]' },
    }),
    status: 200,
    reads: (body, s) => expect(ticketList(body).map((t) => t.id)).toEqual([s.customer.ticketId]),
  },
  {
    call: 'GET /tickets/:id',
    request: (s) => ({ method: 'GET', path: `/tickets/${s.customer.ticketId}` }),
    status: 200,
    reads: (body, s) =>
      expect(body).toMatchObject({
        id: s.customer.ticketId,
        status: 'pending',
        isGroup: false,
        contact: { id: expect.any(Number), name: 'Maria', number: s.customer.number },
      }),
  },
  {
    call: 'PUT /tickets/:id (view a waiting ticket: {status: pending})',
    request: (s) => ({ method: 'PUT', path: `/tickets/${s.customer.ticketId}`, json: { status: 'pending' } }),
    status: 200,
    reads: (body, s) => expect(body).toMatchObject({ id: s.customer.ticketId, status: 'pending', userId: null }),
  },
  {
    call: 'PUT /tickets/:id (accept: {status, userId})',
    request: (s) => ({
      method: 'PUT',
      path: `/tickets/${s.customer.ticketId}`,
      json: { status: 'open', userId: s.admin.id },
    }),
    status: 200,
    reads: (body, s) => expect(body).toMatchObject({ status: 'open', userId: s.admin.id }),
  },

  /* ---------- messages ---------- */
  {
    call: 'GET /messages/:ticketId',
    request: (s) => ({ method: 'GET', path: `/messages/${s.customer.ticketId}`, query: { pageNumber: 1 } }),
    status: 200,
    reads: (body, s) => {
      const messages = page('messages', body) as Message[]
      expect(messages).toHaveLength(1)
      expect(messages[0]).toMatchObject({
        id: expect.anything(),
        fromMe: false,
        body: 'Hello, I need help',
        mediaUrl: null,
        mediaType: 'chat',
        ack: expect.any(Number),
        read: expect.any(Boolean),
        isDeleted: false,
        createdAt: expect.any(String),
      })
      s.kept.inbound = messages[0]
    },
  },
  {
    call: 'POST /messages/:ticketId (JSON {read: 1, fromMe, mediaUrl: "", body, quotedMsg: the whole message})',
    request: (s) => ({
      method: 'POST',
      path: `/messages/${s.customer.ticketId}`,
      json: { read: 1, fromMe: true, mediaUrl: '', body: '*Admin:*\nHow can I help?', quotedMsg: s.kept.inbound },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body.messages[0]).toMatchObject({
        fromMe: true,
        body: '*Admin:*\nHow can I help?',
        quotedMsg: { id: s.kept.inbound.id, body: 'Hello, I need help', fromMe: false },
      })
    },
  },
  {
    call: 'POST /messages/:ticketId (JSON, not a reply: quotedMsg null)',
    request: (s) => ({
      method: 'POST',
      path: `/messages/${s.customer.ticketId}`,
      json: { read: 1, fromMe: true, mediaUrl: '', body: 'One moment please', quotedMsg: null },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body.messages[0]).toMatchObject({ fromMe: true, body: 'One moment please', quotedMsg: null })
      s.ids.plainMessage = body.messages[0].id
    },
  },
  {
    call: 'POST /messages/:ticketId (multipart: fromMe, then medias and body once per file)',
    request: (s) => ({
      method: 'POST',
      path: `/messages/${s.customer.ticketId}`,
      form: [
        ['fromMe', 'true'],
        ['medias', { data: PNG, fileName: 'photo.png', type: 'image/png' }],
        ['body', 'photo.png'],
        ['medias', { data: PDF, fileName: 'terms.pdf', type: 'application/pdf' }],
        ['body', 'terms.pdf'],
      ],
    }),
    status: 200,
    reads: (body, s) => {
      expect(body.messages).toHaveLength(2)
      expect(body.messages.map((m: Message) => [m.mediaType, m.body, m.fromMe])).toEqual([
        ['image', '', true],
        ['other', '', true],
      ])
      expect(body.messages[0].mediaUrl).toMatch(
        /^https:\/\/desk\.example\.com\/api\/media\/[\w-]+\/\d+\/[a-f0-9]{32}\.png$/,
      )
      expect(body.messages[1].mediaUrl).toMatch(/\.pdf$/)
      s.kept.photoUrl = body.messages[0].mediaUrl
    },
  },
  {
    call: 'POST /messages/:ticketId (multipart voice note: medias, body, fromMe)',
    request: (s) => ({
      method: 'POST',
      path: `/messages/${s.customer.ticketId}`,
      form: [
        ['medias', { data: MP3, fileName: AUDIO_NAME, type: 'audio/mpeg' }],
        ['body', AUDIO_NAME],
        ['fromMe', 'true'],
      ],
    }),
    status: 200,
    reads: (body) => {
      expect(body.messages).toHaveLength(1)
      expect(body.messages[0]).toMatchObject({ mediaType: 'audio', body: '', fromMe: true })
      expect(body.messages[0].mediaUrl).toMatch(/\.mp3$/)
    },
  },
  {
    call: 'GET media URL (as a blob, content type read)',
    request: (s) => ({ method: 'GET', path: s.kept.photoUrl }),
    status: 200,
    reads: (_body, _s, answer) => {
      expect(answer.headers.get('content-type')).toBe('image/png')
      expect(answer.headers.get('content-length')).toBe(String(PNG.length))
    },
  },
  {
    call: 'DELETE /messages/:id',
    request: (s) => ({ method: 'DELETE', path: `/messages/${s.ids.plainMessage}` }),
    status: 200,
    reads: (body, s) => expect(body).toMatchObject({ id: s.ids.plainMessage, isDeleted: true }),
  },

  /* ---------- tickets: the rest of their life ---------- */
  {
    call: 'PUT /tickets/:id (resolve: {status: closed, userId})',
    request: (s) => ({
      method: 'PUT',
      path: `/tickets/${s.customer.ticketId}`,
      json: { status: 'closed', userId: s.admin.id },
    }),
    status: 200,
    reads: (body) => expect(body).toMatchObject({ status: 'closed' }),
  },
  {
    call: 'PUT /tickets/:id (reopen: {status: open, userId})',
    request: (s) => ({
      method: 'PUT',
      path: `/tickets/${s.customer.ticketId}`,
      json: { status: 'open', userId: s.admin.id },
    }),
    status: 200,
    reads: (body, s) => expect(body).toMatchObject({ status: 'open', userId: s.admin.id }),
  },
  {
    call: 'PUT /tickets/:id (return: {status: pending, userId: null})',
    request: (s) => ({
      method: 'PUT',
      path: `/tickets/${s.customer.ticketId}`,
      json: { status: 'pending', userId: null },
    }),
    status: 200,
    reads: (body) => expect(body).toMatchObject({ status: 'pending', userId: null }),
  },
  {
    call: 'PUT /tickets/:id (transfer: {userId, queueId, status, whatsappId})',
    request: (s) => ({
      method: 'PUT',
      path: `/tickets/${s.customer.ticketId}`,
      json: { userId: null, queueId: s.ids.support, status: 'pending', whatsappId: s.sim.id },
    }),
    status: 200,
    reads: (body, s) =>
      expect(body).toMatchObject({ status: 'pending', userId: null, queueId: s.ids.support, whatsappId: s.sim.id }),
  },
  {
    call: 'POST /tickets ({contactId, userId, status})',
    request: (s) => ({
      method: 'POST',
      path: '/tickets',
      json: { contactId: s.ids.carla, userId: s.admin.id, status: 'open' },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ id: expect.any(Number), status: 'open', userId: s.admin.id })
      s.ids.newTicket = body.id
    },
  },
  {
    call: 'POST /ticketsClosed/ (close all, no body)',
    request: () => ({ method: 'POST', path: '/ticketsClosed/' }),
    status: 200,
    reads: (body) => expect(body).toEqual({ closed: 1 }),
  },
  {
    call: 'DELETE /tickets/:id',
    request: (s) => ({ method: 'DELETE', path: `/tickets/${s.ids.newTicket}` }),
    status: 204,
  },

  /* ---------- quick answers ---------- */
  {
    call: 'POST /quickAnswers',
    request: () => ({
      method: 'POST',
      path: '/quickAnswers',
      json: { shortcut: 'hello', message: 'Hello {{name}}, how can we help?' },
    }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ id: expect.any(Number), shortcut: 'hello' })
      s.ids.quickAnswer = body.id
    },
  },
  {
    call: 'GET /quickAnswers/',
    request: () => ({ method: 'GET', path: '/quickAnswers/', query: { searchParam: 'hel', pageNumber: 1 } }),
    status: 200,
    reads: (body) =>
      expect(page('quickAnswers', body).map((q) => [q.shortcut, q.message])).toEqual([
        ['hello', 'Hello {{name}}, how can we help?'],
      ]),
  },
  {
    call: 'GET /quickAnswers/:id',
    request: (s) => ({ method: 'GET', path: `/quickAnswers/${s.ids.quickAnswer}` }),
    status: 200,
    reads: (body, s) => {
      expect(body).toMatchObject({ shortcut: 'hello', message: 'Hello {{name}}, how can we help?' })
      s.kept.quickAnswer = body
    },
  },
  {
    call: 'PUT /quickAnswers/:id (the form, holding what GET answered)',
    request: (s) => ({
      method: 'PUT',
      path: `/quickAnswers/${s.ids.quickAnswer}`,
      json: { ...s.kept.quickAnswer, message: 'Hello again, how can we help?' },
    }),
    status: 200,
    reads: (body) => expect(body).toMatchObject({ shortcut: 'hello', message: 'Hello again, how can we help?' }),
  },
  {
    call: 'DELETE /quickAnswers/:id',
    request: (s) => ({ method: 'DELETE', path: `/quickAnswers/${s.ids.quickAnswer}` }),
    status: 204,
  },

  /* ---------- deletes, then delete-all and logout ---------- */
  {
    call: 'DELETE /contacts/:id',
    request: (s) => ({ method: 'DELETE', path: `/contacts/${s.ids.dario}` }),
    status: 204,
  },
  {
    call: 'DELETE /users/:id',
    request: (s) => ({ method: 'DELETE', path: `/users/${s.ids.uma}` }),
    status: 204,
  },
  {
    call: 'DELETE /whatsapp/:id',
    request: (s) => ({ method: 'DELETE', path: `/whatsapp/${s.ids.line}` }),
    status: 204,
  },
  {
    call: 'DELETE /queue/:id',
    request: (s) => ({ method: 'DELETE', path: `/queue/${s.ids.support}` }),
    status: 204,
  },
  {
    call: 'POST /delContacts ({token})',
    request: (s) => ({ method: 'POST', path: '/delContacts', json: { token: s.kept.apiToken ?? '' } }),
    status: 200,
    reads: (body) =>
      expect(body).toMatchObject({
        contacts: expect.any(Number),
        tickets: expect.any(Number),
        messages: expect.any(Number),
        cards: expect.any(Number),
      }),
  },
  {
    call: 'DELETE /auth/logout',
    request: () => ({ method: 'DELETE', path: '/auth/logout' }),
    status: 204,
  },
]

/** Settings may carry their dates; the seed's client reads only key and value. */
const maybeDates = (body: Array<Record<string, unknown>>) => {
  const row = body.find((x) => x.key === 'userCreation')
  return row && 'updatedAt' in row ? { updatedAt: row.updatedAt } : {}
}
