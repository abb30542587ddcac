/**
 * `GET /api/tickets` first page over a large desk: 100,000 tickets and 1,000,000 messages,
 * seeded straight through the database layer in batched inserts inside transactions, on a
 * temporary SQLite data folder. 200 sequential requests for each caller, and for searches
 * (`searchParam` over contact names, numbers and every message); prints p50/p95.
 * Target: p95 ≤ 20 ms. A search found in most tickets, or shorter than three characters,
 * still reads every message to count its matches: those cases show what that costs.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from '@desk/server'
import { hashPassword } from '../packages/server/src/modules/auth/service'

const TARGET_P95_MS = 20
const TICKETS = 100_000
const MESSAGES_PER_TICKET = 10
const AGENTS = 20
const QUEUES = 5
const REQUESTS = 200
/** Searches are fewer: without an index a slow one would hold the run for minutes. */
const SEARCH_REQUESTS = 50
/** Rows per INSERT statement, and rows per transaction. */
const BATCH = 1_000
const TRANSACTION_ROWS = 50_000

type Db = ReturnType<typeof createServer>['db']

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

const seed = async (db: Db) => {
  const now = Date.now()
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString()
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

  // Ticket i belongs to contact i + 1; newer tickets have higher ids, spread over 90 days.
  const span = 90 * 86_400_000
  const updatedAgo = (i: number) => Math.round(((TICKETS - i) / TICKETS) * span)
  await bulkInsert(db, 'contacts', TICKETS, (i) => ({
    name: `Customer ${i}`,
    number: `55${String(11_900_000_000 + i)}`,
    email: null,
    profilePicUrl: null,
    isGroup: 0,
    createdAt: iso(span),
    updatedAt: iso(span),
  }))
  await bulkInsert(db, 'tickets', TICKETS, (i) => {
    const roll = pick(i, 100)
    const status = roll < 80 ? 'closed' : roll < 92 ? 'open' : 'pending'
    return {
      status,
      contactId: i + 1,
      userId: status === 'pending' ? null : agentIds[pick(i, AGENTS, 1)]!,
      queueId: pick(i, 10, 2) === 0 ? null : queueIds[pick(i, QUEUES, 3)]!,
      whatsappId,
      isGroup: pick(i, 20, 4) === 0 ? 1 : 0,
      lastMessage: `Message ${MESSAGES_PER_TICKET - 1} of ticket ${i}`,
      unreadMessages: status === 'closed' ? 0 : pick(i, 4, 5),
      queueMenuSent: 0,
      createdAt: iso(updatedAgo(i) + 3_600_000),
      updatedAt: iso(updatedAgo(i)),
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
  return { adminId: users[0]!.id, agentId: agentIds[0]! }
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!

export async function ticketsList() {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-tickets-'))
  const server = createServer({ dataDir, port: 0, host: '127.0.0.1', autoCloseHours: 0 })
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  try {
    const { url } = await server.listen()
    let started = performance.now()
    const { adminId, agentId } = await seed(server.db)
    console.log(
      `  seeded ${TICKETS.toLocaleString('en')} tickets and ${(TICKETS * MESSAGES_PER_TICKET).toLocaleString('en')} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
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
    const callers: Array<{ label: string; token: string; path: string; requests?: number }> = [
      { label: 'admin, show all', token: await tokenOf(adminId), path: '/api/tickets?pageNumber=1&showAll=true' },
      {
        label: 'admin, open',
        token: await tokenOf(adminId),
        path: '/api/tickets?pageNumber=1&status=open&showAll=true',
      },
      { label: 'agent, own and queues', token: await tokenOf(agentId), path: '/api/tickets?pageNumber=1' },
      { label: 'agent, open', token: await tokenOf(agentId), path: '/api/tickets?pageNumber=1&status=open' },
      { label: 'agent, pending', token: await tokenOf(agentId), path: '/api/tickets?pageNumber=1&status=pending' },
    ]
    // Searches: a contact's name, a number, text found in one ticket's messages only, text found
    // nowhere, text in every ticket, and two letters (too short for an index: every message read).
    const search = (q: string) => `/api/tickets?pageNumber=1&searchParam=${encodeURIComponent(q)}`
    const adminToken = await tokenOf(adminId)
    const agentToken = await tokenOf(agentId)
    const searches = [
      { label: 'admin, search name', token: adminToken, path: `${search('customer 4242')}&showAll=true` },
      { label: 'admin, search number', token: adminToken, path: `${search('11900012345')}&showAll=true` },
      { label: 'admin, search message', token: adminToken, path: `${search('ticket 12345')}&showAll=true` },
      { label: 'admin, search no match', token: adminToken, path: `${search('no such words')}&showAll=true` },
      { label: 'admin, search everywhere', token: adminToken, path: `${search('message 3')}&showAll=true` },
      { label: 'admin, search two letters', token: adminToken, path: `${search('zq')}&showAll=true` },
      { label: 'agent, search message', token: agentToken, path: search('ticket 12345') },
      { label: 'agent, search no match', token: agentToken, path: search('no such words') },
    ]
    callers.push(...searches.map((caller) => ({ ...caller, requests: SEARCH_REQUESTS })))
    for (const caller of callers) {
      const first = await get(caller.path, caller.token)
      if (first.status !== 200) throw new Error(`${caller.path}: ${first.status} ${first.body}`)
      const { tickets, count } = JSON.parse(first.body) as { tickets: unknown[]; count: number }
      const times: number[] = []
      for (let i = 0; i < (caller.requests ?? REQUESTS); i += 1) {
        started = performance.now()
        await get(caller.path, caller.token)
        times.push(performance.now() - started)
      }
      times.sort((a, b) => a - b)
      console.log(
        `  ${caller.label.padEnd(26)} p50 ${percentile(times, 0.5).toFixed(1).padStart(6)} ms  p95 ${percentile(times, 0.95).toFixed(1).padStart(6)} ms  (${tickets.length} of ${count.toLocaleString('en')}; target p95 ≤ ${TARGET_P95_MS} ms)`,
      )
    }
  } finally {
    agent.destroy()
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
