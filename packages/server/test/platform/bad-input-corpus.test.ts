import type { FastifyInstance } from 'fastify'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cloudText, deliverCloud } from '../support/cloud'
import { connectSimulator } from '../support/desk'
import { drivers } from '../support/drivers'
import { startGraphFake } from '../support/graph-fake'
import { countOrphans, NO_ORPHANS } from '../support/orphans'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'
import { createWebChat, openSession, widgetClient } from '../support/widget'

/**
 * Bad input on every route the server registers (listed from the running app, so a route added
 * later is fuzzed too), as an administrator and as an agent, on each database: no answer may be
 * a 5xx, and nothing may be left half-written afterwards.
 */

const PHONE_ID = '106540352242922'
const APP_SECRET = 'corpus-app-secret'
const NUL = '\u0000'

/** Path values that are not a canonical id between 1 and 2³¹−1, or not a sane name. */
const BAD_PATH_VALUES = [
  '0',
  '-1',
  '2147483648',
  '9007199254740993',
  '1e0',
  '0x1',
  '01',
  '%201',
  '+1',
  '1.5',
  'abc',
  '%00',
  '1%00',
  '%FF',
  '%F0%9F%92%A5',
  'x'.repeat(3000),
]

/** Query values (URL-encoded), each sent alone under every known query key. */
const BAD_QUERY_VALUES = [`a${NUL}b`, '2147483648', '1e0', '[2147483648]', 'x'.repeat(5000), '0000-01-01']
  .map(encodeURIComponent)
  .concat(['%FF'])
/** Every query key some route reads. */
const QUERY_KEYS = [
  'searchParam',
  'pageNumber',
  'queueIds',
  'status',
  'date',
  'showAll',
  'withUnreadMessages',
  'isGroup',
  'to',
  'utcOffset',
  'expires',
  'signature',
  'format',
  'hub.mode',
  'hub.verify_token',
  'scheduled',
  'after',
  'before',
]

/** Ways a string field can be bad: each applied to every string of the body at once. */
const STRING_MUTATIONS: Array<(valid: string) => string> = [
  (v) => `${v.slice(0, 1)}${NUL}${v.slice(1)}`,
  () => NUL,
  (v) => `${v}${NUL}`,
  (v) => `${v}${'x'.repeat(20_000)}`,
  (v) => `${v}\uD800`,
  (v) => `\u202E${v}\u200B`,
  (v) => `${v}\u0001\u001F\u007F`,
  (v) => `${v}'; drop table users; --`,
  () => '   ',
  () => '',
]
/** Bad ids, as JSON numbers and as strings. */
const BAD_IDS: unknown[] = [
  0,
  -1,
  2147483648,
  2 ** 53,
  1.5,
  '0',
  '9007199254740993',
  '2147483648',
  '1e0',
  '0x1',
  '01',
  ' 1',
  '+1',
  'abc',
  `1${NUL}`,
]
const WRONG_TYPES: unknown[] = [[], {}, true, 12345, null, [{}], 'text']

/** Whole bodies that are not what any route takes. */
const deep = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
const RAW_BODIES: Array<{ raw: string; type?: string }> = [
  { raw: '{"name": "Ann",' },
  { raw: 'not json' },
  { raw: '' },
  { raw: '[]' },
  { raw: '"text"' },
  { raw: '123' },
  { raw: 'null' },
  { raw: '{"a":1e400}' },
  { raw: '{"__proto__":{"admin":true}}' },
  { raw: deep(2000) },
  { raw: `[${'['.repeat(3000)}${']'.repeat(3000)}]` },
  { raw: '{"body":"\\u0000"}' },
  { raw: 'name=Ann', type: 'application/x-www-form-urlencoded' },
  { raw: 'plain text', type: 'text/plain' },
  { raw: '--x\r\nContent-Disposition: form-data; name="body"\r\n\r\nhi\r\n--x--', type: 'multipart/form-data' },
  {
    raw: '--x\r\nContent-Disposition: form-data; name="medias"; filename="a.png"\r\n\r\nabc',
    type: 'multipart/form-data; boundary=x',
  },
  { raw: '--x\r\nContent-Disposition\r\n\r\nhi\r\n--x--\r\n', type: 'multipart/form-data; boundary=x' },
  {
    raw: '--x\r\nContent-Disposition: form-data; name="body"\r\n\r\nhi\r\n--x--\r\n',
    type: 'multipart/form-data; boundary=x',
  },
  { raw: '{}', type: 'application/json; charset=utf-16' },
  { raw: '\u0000', type: 'application/octet-stream' },
]

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }

const mapStrings = (value: Json, f: (s: string) => string): Json => {
  if (typeof value === 'string') return f(value)
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, f))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]))
  }
  return value
}

/** Dotted paths of every string inside a value. */
const stringPaths = (value: Json, prefix: string[] = []): string[][] => {
  if (typeof value === 'string') return [prefix]
  if (Array.isArray(value)) return value.flatMap((v, i) => stringPaths(v, [...prefix, String(i)]))
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => stringPaths(v, [...prefix, k]))
  return []
}

const setPath = (value: Json, path: string[], f: (v: Json) => Json): Json => {
  if (path.length === 0) return f(value)
  const [head, ...rest] = path as [string, ...string[]]
  if (Array.isArray(value)) return value.map((v, i) => (String(i) === head ? setPath(v, rest, f) : v))
  const object = value as { [key: string]: Json }
  return { ...object, [head]: setPath(object[head] ?? null, rest, f) }
}

interface Probe {
  method: string
  url: string
  body?: Json
  raw?: string
  type?: string
  /** The bearer token, when not the caller's desk session (the widget's conversation routes). */
  token?: string
}

interface Route {
  method: string
  url: string
}

/**
 * Sends probes through the app's own request pipeline (fastify's `inject`: every hook, parser,
 * validator and handler, without sockets), with bounded concurrency; returns the answers at or above 500.
 */
const runProbes = async (app: FastifyInstance, token: string | undefined, probes: Probe[], concurrency = 8) => {
  const failures: Array<{ probe: Probe; status: number; body: string }> = []
  let next = 0
  const worker = async () => {
    while (next < probes.length) {
      const probe = probes[next++]!
      const headers: Record<string, string> = {}
      const bearer = probe.token ?? token
      if (bearer) headers.authorization = `Bearer ${bearer}`
      let payload: string | undefined
      if (probe.raw !== undefined) {
        payload = probe.raw
        headers['content-type'] = probe.type ?? 'application/json'
      } else if (probe.body !== undefined) {
        payload = JSON.stringify(probe.body)
        headers['content-type'] = 'application/json'
      }
      const res = await app.inject({ method: probe.method as 'GET', url: probe.url, headers, payload })
      if (res.statusCode >= 500) failures.push({ probe, status: res.statusCode, body: res.body.slice(0, 200) })
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  return failures
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`bad-input corpus (${driver})`, () => {
    let t: TestServer
    let graph: Awaited<ReturnType<typeof startGraphFake>>
    let admin: Client
    let agent: Client
    const routes: Route[] = []
    const ids: Record<string, number> = {}
    /** A visitor's widget session: the bearer of the widget's conversation routes. */
    let widgetSession: string

    beforeAll(async () => {
      graph = await startGraphFake(() => 'cloud-token')
      t = await startTestServer(
        driver,
        {
          simulator: { qrRefreshMs: 0 },
          autoCloseHours: 0,
          cloudApiBaseUrl: graph.url,
          // Every probe of the widget's routes should reach its checks, not its limits.
          widgetRateLimit: { sessionsPerMinute: 0, sendsPerMinute: 0, sendBurst: 0, newVisitorsPerHour: 0 },
        },
        (server) =>
          server.app.addHook('onRoute', (route) => {
            for (const method of [route.method].flat()) {
              if (method !== 'HEAD' && route.url.startsWith('/api')) routes.push({ method, url: route.url })
            }
          }),
      )
      admin = await bootstrapAdmin(t)
      const agentUser = await t.addUser(admin, 'Agent', 'agent@desk.test')
      agent = agentUser.client
      ids.agent = agentUser.user.id
      ids.target = (await t.addUser(admin, 'Target', 'target@desk.test')).user.id
      ids.queue = (await admin.call('queueCreate', { body: { name: 'Corpus', color: '#123456' } })).body.id
      const sim = await connectSimulator(admin, { name: 'Corpus line' })
      ids.sim = sim.id
      ids.spare = (await admin.call('connectionCreate', { body: { name: 'Spare line' } })).body.id
      ids.cloud = (
        await admin.call('connectionCreate', {
          body: {
            name: 'Cloud line',
            driver: 'cloud-api',
            cloudApi: {
              phoneNumberId: PHONE_ID,
              accessToken: 'cloud-token',
              verifyToken: 'verify',
              appSecret: APP_SECRET,
            },
          },
        })
      ).body.id
      const first = await sim.inbound({
        from: '5511900000001',
        name: 'Maria',
        body: 'hello',
        providerMessageId: 'seed-1',
      })
      ids.ticket = first.ticketId!
      ids.message = Number(first.messageId)
      ids.contact = (await admin.call('contactCreate', { body: { name: 'Spare', number: '5511900000009' } })).body.id
      ids.quickAnswer = (
        await admin.call('quickAnswerCreate', { body: { shortcut: 'corpus', message: 'a corpus answer' } })
      ).body.id
      await admin.call('ticketUpdate', { params: { id: ids.ticket }, body: { status: 'open' } })
      const webChat = await createWebChat(admin, {}, { name: 'Corpus site' })
      ids.webchat = webChat.id
      const visitor = await openSession(t, webChat.id, { name: 'Corpus visitor' })
      widgetSession = visitor.body.sessionToken
      await widgetClient(t, visitor.body).send('hello from the widget')
    }, 60_000)
    afterAll(async () => {
      await t?.close()
      await graph?.close()
    })

    /** A valid value for each path parameter of a route, chosen by what the route is about. */
    const validParam = (url: string, name: string): string => {
      if (name === 'key') return 'userCreation'
      if (name === 'name') return 'missing-file'
      if (name === 'number') return '5511900000001'
      if (name === 'ticketId') return String(ids.ticket)
      if (name === 'connectionId') {
        return String(url.includes('/webhooks/') ? ids.cloud : url.includes('/widget/') ? ids.webchat : ids.sim)
      }
      const resource = url.split('/')[2]
      const byResource: Record<string, number | undefined> = {
        users: ids.target,
        whatsapp: ids.spare,
        whatsappsession: ids.spare,
        contacts: ids.contact,
        queue: ids.queue,
        quickAnswers: ids.quickAnswer,
        tickets: ids.ticket,
        messages: ids.message,
        widget: ids.webchat,
      }
      return String(byResource[resource ?? ''] ?? 1)
    }
    const paramsOf = (url: string) => [...url.matchAll(/:(\w+)/g)].map((m) => m[1]!)
    const fill = (url: string, overrides: Record<string, string> = {}) =>
      url.replace(/:(\w+)/g, (_, name: string) => overrides[name] ?? validParam(url, name))

    /** A body that most routes would take, so that the one bad part is what gets tested. */
    const template = (): { [key: string]: Json } => ({
      name: 'Fuzz Name',
      email: 'fuzz@desk.test',
      password: 'secret-pass',
      profile: 'user',
      language: 'en',
      whatsappId: ids.sim!,
      queueIds: [ids.queue!],
      value: 'enabled',
      greetingMessage: 'Hello there',
      farewellMessage: 'Bye now',
      isDefault: false,
      color: '#654321',
      number: '5511900000077',
      extraInfo: [{ name: 'Plan', value: 'Gold' }],
      token: 'api-token',
      shortcut: 'fuzz',
      message: 'a fuzzing message',
      contactId: ids.contact!,
      userId: ids.agent!,
      queueId: ids.queue!,
      status: 'open',
      body: 'hello from the corpus',
      from: '5511900000055',
      messageId: ids.message!,
      ack: 2,
      contacts: [{ name: 'Book entry', number: '5511900000066' }],
      unregistered: ['5511900000099'],
      clientId: 'corpus-client-01',
      upTo: ids.message!,
      identifier: 'corpus-visitor',
    })
    /** Parts only some routes read; added one at a time so they never clash. */
    const extras: Array<{ [key: string]: Json }> = [
      { vcard: { name: 'Card', number: '5511900000088' } },
      { location: { latitude: 1, longitude: 2, description: 'Office\nMain street' } },
      { mediaType: 'image', mediaBase64: 'iVBORw0KGgo=', fileName: 'photo.png' },
      { isGroup: true, groupId: '120363000000001' },
      { providerMessageId: 'corpus-id' },
      { quotedMsg: { id: ids.message! } },
      {
        driver: 'cloud-api',
        cloudApi: { phoneNumberId: '123', accessToken: 'tok', verifyToken: 'vt', appSecret: 'sec' },
      },
    ]

    /** The widget's conversation routes take a widget session, never a desk token. */
    const widgetConversation = /^\/api\/widget\/(messages|read|contact|quick-answers)$/

    const probesFor = (route: Route, thorough: boolean): Probe[] =>
      probesOf(route, thorough).map((probe) =>
        widgetConversation.test(route.url) ? { ...probe, token: widgetSession } : probe,
      )

    const probesOf = (route: Route, thorough: boolean): Probe[] => {
      const probes: Probe[] = []
      const hasBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH'
      const body = hasBody ? template() : undefined
      // Every path parameter with every bad value, the rest valid.
      for (const param of paramsOf(route.url)) {
        for (const value of thorough ? BAD_PATH_VALUES : BAD_PATH_VALUES.slice(0, 10)) {
          probes.push({ method: route.method, url: fill(route.url, { [param]: value }), body })
        }
      }
      // Deleting with valid ids would take the fixtures away; bad ids were sent above.
      if (route.method === 'DELETE') return probes
      const url = fill(route.url)
      // Every known query key with every bad value, on the calls that may read a query (reads of
      // one record by id take none).
      const readsQuery = (route.method === 'GET' && !route.url.endsWith('/:id')) || route.url.endsWith('/ticketsClosed')
      for (const key of !readsQuery ? [] : thorough ? QUERY_KEYS : QUERY_KEYS.slice(0, 1)) {
        for (const value of thorough ? BAD_QUERY_VALUES : BAD_QUERY_VALUES.slice(0, 1)) {
          probes.push({ method: route.method, url: `${url}?${encodeURIComponent(key)}=${value}` })
        }
      }
      probes.push({ method: route.method, url: `${url}?queueIds=1&queueIds=2&searchParam=a&searchParam=b` })
      if (!hasBody || !body) return probes
      for (const raw of RAW_BODIES) probes.push({ method: route.method, url, ...raw })
      for (const mutate of thorough ? STRING_MUTATIONS : STRING_MUTATIONS.slice(0, 3)) {
        probes.push({ method: route.method, url, body: mapStrings(body, mutate) })
      }
      if (!thorough) return probes
      // Hashing a valid password costs more than the rest of a request: only the pass above has one.
      const cheap: { [key: string]: Json } = { ...body, password: '' }
      const idKeys = Object.keys(cheap).filter((k) => typeof cheap[k] === 'number' || Array.isArray(cheap[k]))
      for (const bad of BAD_IDS) {
        const withBadIds = Object.fromEntries(
          Object.entries(cheap).map(([k, v]) => [k, idKeys.includes(k) ? (Array.isArray(v) ? [bad] : bad) : v]),
        ) as { [key: string]: Json }
        probes.push({ method: route.method, url, body: withBadIds })
      }
      for (const wrong of WRONG_TYPES) {
        probes.push({
          method: route.method,
          url,
          body: Object.fromEntries(Object.keys(cheap).map((k) => [k, wrong])) as Json,
        })
      }
      // One string at a time with a NUL byte, so no other field's refusal hides it.
      for (const extra of [{}, ...extras]) {
        const withExtra = { ...cheap, ...extra }
        const paths = stringPaths(extra as Json).length ? stringPaths(extra as Json) : stringPaths(cheap)
        for (const path of paths) {
          probes.push({
            method: route.method,
            url,
            body: setPath(withExtra, path, (v) => `${String(v).slice(0, 1)}${NUL}${String(v).slice(1)}`),
          })
        }
      }
      return probes
    }

    /** Calls that take fixtures away (deletes, sessions, close-all, delete-all) go last. */
    const order = (route: Route) =>
      route.method === 'DELETE' || /session|\/drop$|\/delContacts$|\/ticketsClosed$|\/secret$/.test(route.url) ? 1 : 0

    it('answers every bad value on every route without a 5xx, as admin and as agent', async () => {
      expect(routes.length).toBeGreaterThan(40)
      const sorted = [...routes].sort((a, b) => order(a) - order(b))
      let sent = 0
      const failures: Array<Awaited<ReturnType<typeof runProbes>>[number] & { who: string }> = []
      for (const [who, client, thorough] of [
        ['agent', agent, false],
        ['admin', admin, true],
      ] as const) {
        const probes = sorted.flatMap((route) => probesFor(route, thorough))
        sent += probes.length
        const found = await runProbes(t.server.app, client.token, probes)
        failures.push(...found.map((f) => ({ ...f, who })))
      }
      const shown = failures.map(
        (f) =>
          `${f.status} ${f.who} ${f.probe.method} ${f.probe.url.slice(0, 120)} ${JSON.stringify(f.probe.body ?? f.probe.raw ?? '').slice(0, 160)} → ${f.body}`,
      )
      console.log(
        `bad-input corpus (${driver}): ${routes.length} routes, ${sent} requests, ${failures.length} answered 5xx`,
      )
      if (failures.length) console.log(shown.slice(0, 60).join('\n'))
      expect(shown).toEqual([])
    }, 300_000)

    it('answers odd or out-of-range ids with 400 naming the field, and an unknown id with 404', async () => {
      for (const id of ['0', '-1', '2147483648', '9007199254740993', '1e0', '0x1', '01', '%201', '+1', '1.0']) {
        const res = await admin.call('contactGet', { params: { id } })
        expect([id, res.status, res.body.error, res.body.fields]).toEqual([
          id,
          400,
          'ERR_VALIDATION',
          [{ path: 'id', message: 'validation.invalid' }],
        ])
      }
      // The corpus may have deleted every contact: the well-formed id names a fresh one.
      const fresh = await admin.call('contactCreate', { body: { name: 'Fresh', number: '5511900000321' } })
      expect((await admin.call('contactGet', { params: { id: fresh.body.id } })).body.name).toBe('Fresh')
      expect((await admin.call('contactGet', { params: { id: '2147483647' } })).body.error).toBe('ERR_NO_CONTACT_FOUND')
      const body = await admin.call('ticketCreate', { body: { contactId: 2147483648 } })
      expect([body.status, body.body.fields]).toEqual([400, [{ path: 'contactId', message: 'validation.invalid' }]])
      const list = await admin.call('ticketList', { query: { queueIds: '[2147483648]' } })
      expect([list.status, list.body.fields?.map((f) => f.path)]).toEqual([400, ['queueIds']])
    })

    it('stores a NUL-bearing simulator message once, without the NUL', async () => {
      // The corpus may have dropped the simulated phone: pair it again.
      await admin.call('sessionStart', { params: { id: ids.sim } })
      await admin.call('simulatorScan', { params: { connectionId: ids.sim } })
      // A new customer whose first message carries a NUL: the ticket it opens must get it.
      const send = (name?: string) =>
        admin.call('simulatorInbound', {
          params: { connectionId: ids.sim },
          body: {
            from: '5511900000123',
            name,
            body: `before${NUL}after`,
            providerMessageId: 'nul-1',
          },
        })
      // Without a profile name at first, so the later one (NUL and all) names the contact.
      const first = await send()
      expect(first.status).toBe(200)
      expect(first.body.duplicate).toBe(false)
      const again = await send(`Jo${NUL}ana`)
      expect(again.status).toBe(200)
      expect(again.body).toMatchObject({ duplicate: true, messageId: first.body.messageId })
      const named = await admin.call('simulatorInbound', {
        params: { connectionId: ids.sim },
        body: {
          from: '5511900000123',
          name: `Jo${NUL}ana Silva`,
          body: 'my name is complete now',
          providerMessageId: `nul${NUL}2`,
        },
      })
      expect(named.status).toBe(200)
      const file = await admin.call('simulatorInbound', {
        params: { connectionId: ids.sim },
        body: {
          from: '5511900000123',
          mediaType: 'other',
          mediaBase64: Buffer.from('%PDF-1.4').toString('base64'),
          fileName: `re${NUL}port.pdf`,
          body: '',
        },
      })
      expect(file.status).toBe(200)
      const page = await admin.call('messageList', { params: { ticketId: first.body.ticketId } })
      expect(page.body.messages.map((m) => m.body)).toEqual(['beforeafter', 'my name is complete now', ''])
      expect(page.body.ticket).toMatchObject({ lastMessage: 'report.pdf', contact: { name: 'Joana Silva' } })
    })

    it("stores an agent's text and upload without NUL bytes", async () => {
      const { ticketId } = (
        await admin.call('simulatorInbound', {
          params: { connectionId: ids.sim },
          body: {
            from: '5511900000124',
            body: 'please send the report',
          },
        })
      ).body
      await admin.call('ticketUpdate', { params: { id: ticketId }, body: { status: 'open' } })
      const text = await admin.call('messageSend', { params: { ticketId }, body: { body: `on${NUL} its way` } })
      expect(text.status).toBe(200)
      expect(text.body.messages[0]!.body).toBe('on its way')
      const boundary = 'corpus-boundary'
      const raw = [
        `--${boundary}`,
        'Content-Disposition: form-data; name="body"',
        '',
        `here${NUL} it is`,
        `--${boundary}`,
        `Content-Disposition: form-data; name="medias"; filename="re${NUL}port.pdf"`,
        'Content-Type: application/pdf',
        '',
        '%PDF-1.4',
        `--${boundary}--`,
        '',
      ].join('\r\n')
      const upload = await admin.call('messageSend', {
        params: { ticketId },
        raw,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      })
      expect(upload.status).toBe(200)
      expect(upload.body.messages[0]!.body).toBe('here it is')
      const sent = (
        await admin.call('simulatorOutbox', { params: { connectionId: ids.sim }, query: { to: '5511900000124' } })
      ).body
      expect(sent.filter((e) => e.kind === 'media').map((e) => e.fileName)).toEqual(['report.pdf'])
    })

    it('stores a NUL-bearing Cloud API message once, without the NUL', async () => {
      const payload = cloudText(PHONE_ID, {
        from: '5511900000456',
        id: `wamid.${NUL}corpus`,
        body: `cloud${NUL}text`,
        name: `Pe${NUL}dro`,
      })
      const deliver = () => deliverCloud(t.client(), ids.cloud, payload, APP_SECRET)
      expect((await deliver()).status).toBe(200)
      expect((await deliver()).status).toBe(200)
      const rows = await t.server.db
        .selectFrom('messages')
        .innerJoin('contacts', 'contacts.id', 'messages.contactId')
        .select(['messages.body', 'messages.providerMessageId', 'contacts.name'])
        .where('contacts.number', '=', '5511900000456')
        .execute()
      expect(rows).toEqual([{ body: 'cloudtext', providerMessageId: 'wamid.corpus', name: 'Pedro' }])
    })

    it('leaves no orphan rows and no NUL byte in any stored text', async () => {
      expect(await countOrphans(t.server.db)).toEqual(NO_ORPHANS)
      if (driver === 'sqlite') {
        // PostgreSQL cannot store NUL at all; SQLite could, and must hold the same text.
        const { rows: columns } = await sql<{ table: string; column: string }>`
          select m.name as "table", p.name as "column" from sqlite_master m, pragma_table_info(m.name) p
          where m.type = 'table' and p.type = 'TEXT'`.execute(t.server.db)
        const withNul: string[] = []
        for (const { table, column } of columns) {
          const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}
            where instr(${sql.ref(column)}, char(0)) > 0`.execute(t.server.db)
          if (Number(rows[0]?.n)) withNul.push(`${table}.${column}`)
        }
        expect(withNul).toEqual([])
      }
    })
  })
}
