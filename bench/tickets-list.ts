/**
 * `GET /api/tickets` first page over a large desk: 100,000 tickets and 1,000,000 messages, on a
 * temporary SQLite data folder and, when one answers, on PostgreSQL (a throwaway schema, dropped
 * after). SQLite is seeded through the database layer in batched inserts inside transactions;
 * PostgreSQL in a few statements (`unnest` arrays and `generate_series`). Both get the same desk.
 * 200 sequential requests for each caller and 50 for each search (`searchParam` over contact
 * names, numbers and every message), plus the contacts list and its search; prints p50/p95.
 * Target: p95 ≤ 20 ms for every one, broad searches included. A broad search's count stops at
 * 1,000 (read "at least"; see the server README), so "40 of 1,000" means a thousand or more; so
 * does a contacts search's. One or two characters match only the start of a contact's name,
 * number or e-mail (no trigram index holds a piece that short, and nearly every message holds
 * one), through B-tree indexes.
 * PostgreSQL: BENCH_DATABASE_URL (default: the local `test` database); the size printed is the
 * schema's tables and indexes after `vacuum analyze`. Seeding it takes minutes: with
 * BENCH_PG_SCHEMA=<name> the desk is seeded once into that schema, kept, and measured again on
 * later runs (migrated first, as a server start does); drop the schema to seed anew.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from '@desk/server'
import { openDatabase, sql } from '../packages/server/src/db'
import { createTrigramIndexes, dropTrigramIndexes, missingTrigramIndexes } from '../packages/server/src/db/postgres'
import { hashPassword } from '../packages/server/src/modules/auth/service'

const TARGET_P95_MS = 20
const TICKETS = 100_000
const MESSAGES_PER_TICKET = 10
const AGENTS = 20
const QUEUES = 5
const REQUESTS = 200
/** Searches are fewer: without an index a slow one would hold the run for minutes. */
const SEARCH_REQUESTS = 50
/** Rows per INSERT statement, and rows per transaction (SQLite). */
const BATCH = 1_000
const TRANSACTION_ROWS = 50_000
/** The PostgreSQL section runs when this answers (a schema of its own is created and dropped). */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
/** A schema to seed once and keep for later runs, instead of a throwaway one. */
const BENCH_PG_SCHEMA = process.env.BENCH_PG_SCHEMA

type Server = ReturnType<typeof createServer>
type Db = Server['db']

const chunks = function* <T>(count: number, size: number, make: (index: number) => T) {
  for (let start = 0; start < count; start += size) {
    yield Array.from({ length: Math.min(size, count - start) }, (_, i) => make(start + i))
  }
}

/** Inserts `count` rows made by `make`, BATCH rows a statement, TRANSACTION_ROWS a transaction. */
const bulkInsert = async <T extends Record<string, unknown>>(
  db: Db,
  table: 'contacts' | 'tickets' | 'messages',
  count: number,
  make: (index: number) => T,
) => {
  for (let start = 0; start < count; start += TRANSACTION_ROWS) {
    const size = Math.min(TRANSACTION_ROWS, count - start)
    await db.transaction().execute(async (trx) => {
      for (const rows of chunks(size, BATCH, (i) => make(start + i))) {
        await trx
          .insertInto(table)
          .values(rows as never)
          .execute()
      }
    })
  }
}

/** A deterministic, well-mixed spread (murmur3's finaliser): the same desk every run, no correlated picks. */
const pick = (i: number, n: number, salt = 0) => {
  let h = (i * 0x9e3779b1 + salt * 0x85ebca6b) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0
  return ((h ^ (h >>> 16)) >>> 0) % n
}

/** The desk every engine gets: contact i + 1 owns ticket i; newer tickets have higher ids, spread over 90 days. */
const SPAN_MS = 90 * 86_400_000
const updatedAgo = (i: number) => Math.round(((TICKETS - i) / TICKETS) * SPAN_MS)
const contactOf = (i: number) => ({ name: `Customer ${i}`, number: `55${String(11_900_000_000 + i)}` })
const ticketOf = (i: number, agentIds: number[], queueIds: number[]) => {
  const roll = pick(i, 100)
  const status = roll < 80 ? 'closed' : roll < 92 ? 'open' : 'pending'
  return {
    status: status as 'closed' | 'open' | 'pending',
    contactId: i + 1,
    userId: status === 'pending' ? null : agentIds[pick(i, AGENTS, 1)]!,
    queueId: pick(i, 10, 2) === 0 ? null : queueIds[pick(i, QUEUES, 3)]!,
    isGroup: pick(i, 20, 4) === 0 ? 1 : 0,
    lastMessage: `Message ${MESSAGES_PER_TICKET - 1} of ticket ${i}`,
    unreadMessages: status === 'closed' ? 0 : pick(i, 4, 5),
    createdMsAgo: updatedAgo(i) + 3_600_000,
    updatedMsAgo: updatedAgo(i),
  }
}

/** Users, queues and the connection, through the query builder on either engine. */
const seedDesk = async (db: Db, iso: (msAgo: number) => string) => {
  const passwordHash = await hashPassword('bench-password')
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: AGENTS + 1 }, (_, i) => ({
        name: i === 0 ? 'Admin' : `Agent ${i}`,
        email: i === 0 ? 'admin@bench.test' : `agent${i}@bench.test`,
        passwordHash,
        profile: i === 0 ? ('admin' as const) : ('user' as const),
        whatsappId: null,
        language: null,
        createdAt: iso(0),
        updatedAt: iso(0),
      })),
    )
    .returning('id')
    .execute()
  const agentIds = users.slice(1).map((u) => u.id)
  const queues = await db
    .insertInto('queues')
    .values(
      Array.from({ length: QUEUES }, (_, i) => ({
        name: `Queue ${i + 1}`,
        color: `#0${i}a0${i}0`,
        greetingMessage: null,
        createdAt: iso(0),
        updatedAt: iso(0),
      })),
    )
    .returning('id')
    .execute()
  const queueIds = queues.map((q) => q.id)
  await db
    .insertInto('user_queues')
    .values(
      agentIds.flatMap((userId, i) => [
        { userId, queueId: queueIds[i % QUEUES]!, createdAt: iso(0) },
        { userId, queueId: queueIds[(i + 1) % QUEUES]!, createdAt: iso(0) },
      ]),
    )
    .execute()
  const { id: whatsappId } = await db
    .insertInto('whatsapps')
    .values({
      name: 'Bench line',
      status: 'CONNECTED',
      qrcode: null,
      isDefault: 1,
      greetingMessage: null,
      farewellMessage: null,
      driver: 'simulator',
      createdAt: iso(0),
      updatedAt: iso(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { adminId: users[0]!.id, agentId: agentIds[0]!, agentIds, queueIds, whatsappId }
}

const seedSqlite = async (db: Db) => {
  const now = Date.now()
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString()
  const desk = await seedDesk(db, iso)
  const { agentIds, queueIds, whatsappId } = desk
  await bulkInsert(db, 'contacts', TICKETS, (i) => ({
    ...contactOf(i),
    email: null,
    profilePicUrl: null,
    isGroup: 0,
    createdAt: iso(SPAN_MS),
    updatedAt: iso(SPAN_MS),
  }))
  await bulkInsert(db, 'tickets', TICKETS, (i) => {
    const { createdMsAgo, updatedMsAgo, ...ticket } = ticketOf(i, agentIds, queueIds)
    return {
      ...ticket,
      whatsappId,
      queueMenuSent: 0,
      createdAt: iso(createdMsAgo),
      updatedAt: iso(updatedMsAgo),
    }
  })
  await bulkInsert(db, 'messages', TICKETS * MESSAGES_PER_TICKET, (m) => {
    const ticket = Math.floor(m / MESSAGES_PER_TICKET)
    const n = m % MESSAGES_PER_TICKET
    const fromMe = n % 2
    return {
      ticketId: ticket + 1,
      contactId: fromMe ? null : ticket + 1,
      userId: null,
      whatsappId,
      providerMessageId: `BENCH${m}`,
      body: `Message ${n} of ticket ${ticket}`,
      fromMe,
      read: 1,
      mediaType: 'chat',
      mediaPath: null,
      mediaMime: null,
      ack: fromMe ? 3 : 0,
      isDeleted: 0,
      quotedMsgId: null,
      error: null,
      createdAt: iso(updatedAgo(ticket) + (MESSAGES_PER_TICKET - n) * 60_000),
      updatedAt: iso(updatedAgo(ticket) + (MESSAGES_PER_TICKET - n) * 60_000),
    }
  })
  return desk
}

/**
 * The same desk on PostgreSQL in a handful of statements: contacts and messages from
 * `generate_series`, tickets from arrays (their spread is computed here, as for SQLite).
 * Timestamps are written in the column's own type (text ISO strings or `timestamptz`).
 */
export const seedPostgres = async (db: Db) => {
  const now = Date.now()
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString()
  const desk = await seedDesk(db, iso)
  const { agentIds, queueIds, whatsappId } = desk
  const { rows } = await sql<{ type: string }>`select data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = 'messages' and column_name = 'createdAt'`.execute(db)
  const asText = rows[0]?.type !== 'timestamp with time zone'
  /** A timestamptz expression written as the column stores it. */
  const stored = (value: ReturnType<typeof sql>) =>
    asText ? sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : value
  // As a bulk import would: the trigram indexes are built once after the rows are in, not row by row.
  const trigram = (await missingTrigramIndexes(db)).length === 0
  if (trigram) await dropTrigramIndexes(db)
  const nowTs = sql`${new Date(now).toISOString()}::timestamptz`
  const contactsAt = stored(sql`${nowTs} - ${`${SPAN_MS} milliseconds`}::interval`)
  await sql`insert into contacts (id, name, number, email, "profilePicUrl", "isGroup", "createdAt", "updatedAt")
    select i + 1, 'Customer ' || i, '55' || (11900000000 + i)::text, null, null, 0, ${contactsAt}, ${contactsAt}
    from generate_series(0, ${TICKETS - 1}) as i`.execute(db)
  const tickets = Array.from({ length: TICKETS }, (_, i) => ticketOf(i, agentIds, queueIds))
  const column = <K extends keyof (typeof tickets)[number]>(key: K) => tickets.map((t) => t[key])
  const ago = (key: 'createdMsAgo' | 'updatedMsAgo') =>
    stored(sql`${nowTs} - make_interval(secs => t.${sql.id(key)} / 1000.0)`)
  await sql`insert into tickets (id, status, "contactId", "userId", "queueId", "whatsappId", "isGroup", "lastMessage",
      "unreadMessages", "queueMenuSent", "createdAt", "updatedAt")
    select t."contactId", t.status, t."contactId", t."userId", t."queueId", ${whatsappId}, t."isGroup", t."lastMessage",
      t."unreadMessages", 0, ${ago('createdMsAgo')}, ${ago('updatedMsAgo')}
    from unnest(${column('status')}::text[], ${column('contactId')}::int[], ${column('userId')}::int[],
      ${column('queueId')}::int[], ${column('isGroup')}::int[], ${column('lastMessage')}::text[],
      ${column('unreadMessages')}::int[], ${column('createdMsAgo')}::bigint[], ${column('updatedMsAgo')}::bigint[])
      as t(status, "contactId", "userId", "queueId", "isGroup", "lastMessage", "unreadMessages", "createdMsAgo", "updatedMsAgo")`.execute(
    db,
  )
  // Message n of ticket t was written (10 - n) minutes before the ticket's last activity.
  const messageAt = stored(
    sql`${nowTs} - make_interval(secs => (${SPAN_MS}::float8 * (${TICKETS} - (t.id - 1)) / ${TICKETS}) / 1000.0 + (${MESSAGES_PER_TICKET} - n) * 60)`,
  )
  await sql`insert into messages ("ticketId", "contactId", "userId", "whatsappId", "providerMessageId", body, "fromMe",
      read, "mediaType", "mediaPath", "mediaMime", ack, "isDeleted", "quotedMsgId", error, "createdAt", "updatedAt")
    select t.id, case when n % 2 = 1 then null else t.id end, null, ${whatsappId},
      'BENCH' || ((t.id - 1) * ${MESSAGES_PER_TICKET} + n), 'Message ' || n || ' of ticket ' || (t.id - 1),
      n % 2, 1, 'chat', null, null, case when n % 2 = 1 then 3 else 0 end, 0, null, null, ${messageAt}, ${messageAt}
    from generate_series(1, ${TICKETS}) as t(id) cross join generate_series(0, ${MESSAGES_PER_TICKET - 1}) as n
    order by t.id, n`.execute(db)
  for (const table of ['contacts', 'tickets']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
      db,
    )
  }
  if (trigram) await createTrigramIndexes(db)
  await sql`vacuum analyze`.execute(db)
  return desk
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!

/** Times every caller and search against a seeded, listening server. */
const measure = async (server: Server, url: string, desk: { adminId: number; agentId: number }) => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const tokenOf = async (id: number) =>
      (await server.services.auth.startSession(await server.services.users.get(id))).token
    const get = (path: string, token: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.get(`${url}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
          let body = ''
          res.setEncoding('utf8')
          res.on('data', (chunk) => {
            body += chunk
          })
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }))
        })
        req.once('error', reject)
      })
    const adminToken = await tokenOf(desk.adminId)
    const agentToken = await tokenOf(desk.agentId)
    const callers: Array<{ label: string; token: string; path: string; requests?: number }> = [
      { label: 'admin, show all', token: adminToken, path: '/api/tickets?pageNumber=1&showAll=true' },
      { label: 'admin, open', token: adminToken, path: '/api/tickets?pageNumber=1&status=open&showAll=true' },
      { label: 'agent, own and queues', token: agentToken, path: '/api/tickets?pageNumber=1' },
      { label: 'agent, open', token: agentToken, path: '/api/tickets?pageNumber=1&status=open' },
      { label: 'agent, pending', token: agentToken, path: '/api/tickets?pageNumber=1&status=pending' },
      { label: 'contacts, first page', token: agentToken, path: '/api/contacts?pageNumber=1' },
    ]
    // Searches: a contact's name, a number, text found in one ticket's messages only, text found
    // nowhere, text in every ticket, text in about 1% of tickets ("ticket 77": 1,111 of them,
    // 11,110 messages), and one or two letters that match every contact or none.
    const search = (q: string) => `/api/tickets?pageNumber=1&searchParam=${encodeURIComponent(q)}`
    const contacts = (q: string) => `/api/contacts?pageNumber=1&searchParam=${encodeURIComponent(q)}`
    const searches = [
      { label: 'admin, search name', token: adminToken, path: `${search('customer 4242')}&showAll=true` },
      { label: 'admin, search number', token: adminToken, path: `${search('11900012345')}&showAll=true` },
      { label: 'admin, search message', token: adminToken, path: `${search('ticket 12345')}&showAll=true` },
      { label: 'admin, search no match', token: adminToken, path: `${search('no such words')}&showAll=true` },
      { label: 'admin, search everywhere', token: adminToken, path: `${search('message 3')}&showAll=true` },
      { label: 'admin, search mid-density', token: adminToken, path: `${search('ticket 77')}&showAll=true` },
      { label: 'admin, search one letter', token: adminToken, path: `${search('c')}&showAll=true` },
      { label: 'admin, search one, none', token: adminToken, path: `${search('z')}&showAll=true` },
      { label: 'admin, search two letters', token: adminToken, path: `${search('cu')}&showAll=true` },
      { label: 'admin, search two, none', token: adminToken, path: `${search('zq')}&showAll=true` },
      { label: 'agent, search message', token: agentToken, path: search('ticket 12345') },
      { label: 'agent, search no match', token: agentToken, path: search('no such words') },
      { label: 'agent, search mid-density', token: agentToken, path: search('ticket 77') },
      { label: 'agent, search two letters', token: agentToken, path: search('cu') },
      { label: 'contacts, search name', token: agentToken, path: contacts('customer 4242') },
      { label: 'contacts, search number', token: agentToken, path: contacts('11900012345') },
      { label: 'contacts, search broad', token: agentToken, path: contacts('customer 1') },
      { label: 'contacts, mid-density', token: agentToken, path: contacts('customer 77') },
      { label: 'contacts, one letter', token: agentToken, path: contacts('c') },
      { label: 'contacts, two letters', token: agentToken, path: contacts('cu') },
      { label: 'contacts, two, none', token: agentToken, path: contacts('zq') },
    ]
    callers.push(...searches.map((caller) => ({ ...caller, requests: SEARCH_REQUESTS })))
    for (const caller of callers) {
      const first = await get(caller.path, caller.token)
      if (first.status !== 200) throw new Error(`${caller.path}: ${first.status} ${first.body}`)
      const answer = JSON.parse(first.body) as { tickets?: unknown[]; contacts?: unknown[]; count: number }
      const shown = (answer.tickets ?? answer.contacts ?? []).length
      const times: number[] = []
      for (let i = 0; i < (caller.requests ?? REQUESTS); i += 1) {
        const started = performance.now()
        await get(caller.path, caller.token)
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      console.log(
        `  ${caller.label.padEnd(26)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms  (${shown} of ${answer.count.toLocaleString('en')}; target p95 ≤ ${TARGET_P95_MS} ms)`,
      )
    }
  } finally {
    agent.destroy()
  }
}

const seeded = (started: number) =>
  `  seeded ${TICKETS.toLocaleString('en')} tickets and ${(TICKETS * MESSAGES_PER_TICKET).toLocaleString('en')} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`

export async function ticketsList() {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-tickets-'))
  const server = createServer({ dataDir, port: 0, host: '127.0.0.1', autoCloseHours: 0 })
  try {
    const { url } = await server.listen()
    const started = performance.now()
    const desk = await seedSqlite(server.db)
    console.log(seeded(started))
    await measure(server, url, desk)
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** True when PostgreSQL answers at BENCH_PG_URL. */
export const postgresAnswers = async () => {
  const probe = openDatabase({ dataDir: tmpdir(), databaseUrl: BENCH_PG_URL, connectionTimeoutMillis: 1500 })
  try {
    await sql`select 1`.execute(probe.db)
    return true
  } catch {
    return false
  } finally {
    await probe.destroy().catch(() => {})
  }
}

/** The desk already seeded in the current schema (a kept BENCH_PG_SCHEMA), or null when it is missing or partial. */
const seededDesk = async (db: Db) => {
  const { rows } = await sql<{ n: string }>`select count(*) as n from tickets`.execute(db)
  if (Number(rows[0]?.n) !== TICKETS) return null
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['admin@bench.test', 'agent1@bench.test'])
    .execute()
  const idOf = (email: string) => users.find((u) => u.email === email)?.id
  const adminId = idOf('admin@bench.test')
  const agentId = idOf('agent1@bench.test')
  return adminId && agentId ? { adminId, agentId } : null
}

/**
 * The same desk and callers on PostgreSQL, in a schema of its own that is dropped afterwards
 * (or, with BENCH_PG_SCHEMA, kept and reused).
 */
export async function ticketsListPostgres() {
  const schema = BENCH_PG_SCHEMA ?? `desk_bench_${randomBytes(6).toString('hex')}`
  const admin = openDatabase({ dataDir: tmpdir(), databaseUrl: BENCH_PG_URL }).db
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-tickets-pg-'))
  let server: Server | undefined
  try {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(admin)
    const databaseUrl = new URL(BENCH_PG_URL)
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`)
    const start = async () => {
      server = createServer({
        dataDir,
        databaseUrl: databaseUrl.toString(),
        port: 0,
        host: '127.0.0.1',
        autoCloseHours: 0,
      })
      return { server, ...(await server.listen()) }
    }
    let started = await start()
    let desk = BENCH_PG_SCHEMA ? await seededDesk(started.server.db) : null
    if (desk) console.log(`  reusing the desk seeded in schema ${schema}`)
    else {
      if (BENCH_PG_SCHEMA) {
        // Missing or partial: seeded anew in an empty schema.
        await started.server.close()
        await sql`drop schema ${sql.id(schema)} cascade`.execute(admin)
        await sql`create schema ${sql.id(schema)}`.execute(admin)
        started = await start()
      }
      const began = performance.now()
      desk = await seedPostgres(started.server.db)
      console.log(seeded(began))
    }
    const { rows } = await sql<{ tables: string; total: string }>`select sum(pg_table_size(c.oid)) as tables,
        sum(pg_total_relation_size(c.oid)) as total
      from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = ${schema} and c.relkind = 'r'`.execute(
      admin,
    )
    const mb = (bytes: string | undefined) => `${(Number(bytes ?? 0) / 1024 / 1024).toFixed(0)} MB`
    console.log(`  database size: ${mb(rows[0]?.total)} (tables ${mb(rows[0]?.tables)}, the rest indexes)`)
    await measure(started.server, started.url, desk)
  } finally {
    await server?.close()
    if (!BENCH_PG_SCHEMA) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin).catch(() => {})
    await admin.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
