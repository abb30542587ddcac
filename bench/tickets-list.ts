/**
 * `GET /api/tickets` first page over a large desk: 100,000 tickets and 1,000,000 messages, on a
 * temporary SQLite data folder and, when one answers, on PostgreSQL (a throwaway schema, dropped
 * after). SQLite is seeded through the database layer in batched inserts inside transactions;
 * PostgreSQL in a few statements (`unnest` arrays and `generate_series`). Both get the same desk.
 * 200 sequential requests for each caller and 50 for each search (`searchParam` over contact
 * names, numbers and every message), plus the contacts list and its search; prints p50/p95.
 * Targets: p95 ≤ 10 ms for every list (counts included), ≤ 20 ms for every search, broad ones
 * included. A list's count stops at 1,000 (TICKET_COUNT_LIMIT), printed "1,000+"; so does a broad
 * search's (read "at least"; see the server README), and a contacts search's. One or two characters match only the start of a contact's name,
 * number or e-mail (no trigram index holds a piece that short, and nearly every message holds
 * one), through B-tree indexes.
 * PostgreSQL: BENCH_DATABASE_URL (default: the local `test` database); the size printed is the
 * schema's tables and indexes after `vacuum analyze`. Seeding it takes minutes: with
 * BENCH_PG_SCHEMA=<name> the desk is seeded once into that schema, kept, and measured again on
 * later runs (migrated first, as a server start does); drop the schema to seed anew. SQLite likewise
 * with BENCH_SQLITE_DIR=<folder> (kept; delete it to seed anew).
 * Each line also gives the caller's sequential throughput, the CPU time of this process (server and
 * client) per request, and its p50 and p95 as multiples of the floor's: each request follows one
 * to the health route, so both meet the same load (`./floor.ts` prints the floor alone first: the
 * health route over HTTP, one row by id). Runs on a busy machine then compare with quiet ones. BENCH_CALLERS=<words> measures only the callers
 * whose label holds them ("pending", "mid-density|search name").
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from '@desk/server'
import { TICKET_COUNT_LIMIT } from '../packages/api-client/src/contract'
import { openDatabase, sql } from '../packages/server/src/db'
import { httpFloor, printFloor, rowFloor, timesFloor } from './floor'
import { MESSAGES_PER_TICKET, type Server, seededDesk, seedPostgres, seedSqlite, TICKETS } from './tickets-seed'

/** Lists (pages without a search, counts included) and searches: the targets differ. */
const LIST_TARGET_P95_MS = 10
const SEARCH_TARGET_P95_MS = 20
const REQUESTS = 200
/** Searches are fewer: without an index a slow one would hold the run for minutes. */
const SEARCH_REQUESTS = 50
/** The PostgreSQL section runs when this answers (a schema of its own is created and dropped). */
export const BENCH_PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
/** A schema to seed once and keep for later runs, instead of a throwaway one. */
const BENCH_PG_SCHEMA = process.env.BENCH_PG_SCHEMA
/** A SQLite data folder to seed once and keep for later runs. */
const BENCH_SQLITE_DIR = process.env.BENCH_SQLITE_DIR
/** Only the callers whose label holds these words (alternatives split by `|`). */
const BENCH_CALLERS = process.env.BENCH_CALLERS?.toLowerCase()

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!

/** Times every caller and search against a seeded, listening server. */
const measure = async (server: Server, url: string, desk: { adminId: number; agentId: number }, engine: string) => {
  for (const floor of [await httpFloor(url), await rowFloor(server.db, engine)]) printFloor(floor)
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
    const agentQueues = await server.db
      .selectFrom('user_queues')
      .select('queueId')
      .where('userId', '=', desk.agentId)
      .orderBy('queueId')
      .execute()
    const queues = `queueIds=${encodeURIComponent(JSON.stringify(agentQueues.map((q) => q.queueId)))}`
    const adminToken = await tokenOf(desk.adminId)
    const agentToken = await tokenOf(desk.agentId)
    const callers: Array<{ label: string; token: string; path: string; requests?: number }> = [
      { label: 'admin, show all', token: adminToken, path: '/api/tickets?pageNumber=1&showAll=true' },
      { label: 'admin, open', token: adminToken, path: '/api/tickets?pageNumber=1&status=open&showAll=true' },
      { label: 'agent, own and queues', token: agentToken, path: '/api/tickets?pageNumber=1' },
      { label: 'agent, open', token: agentToken, path: '/api/tickets?pageNumber=1&status=open' },
      { label: 'agent, pending', token: agentToken, path: '/api/tickets?pageNumber=1&status=pending' },
      // As the app asks: the agent's queues selected (tickets without a queue always included).
      {
        label: 'admin, open, 2 queues',
        token: adminToken,
        path: `/api/tickets?pageNumber=1&status=open&showAll=true&${queues}`,
      },
      { label: 'agent, open, own queues', token: agentToken, path: `/api/tickets?pageNumber=1&status=open&${queues}` },
      {
        label: 'agent, pending, queues',
        token: agentToken,
        path: `/api/tickets?pageNumber=1&status=pending&${queues}`,
      },
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
      if (BENCH_CALLERS && !BENCH_CALLERS.split('|').some((words) => caller.label.toLowerCase().includes(words)))
        continue
      const first = await get(caller.path, caller.token)
      if (first.status !== 200) throw new Error(`${caller.path}: ${first.status} ${first.body}`)
      const answer = JSON.parse(first.body) as { tickets?: unknown[]; contacts?: unknown[]; count: number }
      const shown = (answer.tickets ?? answer.contacts ?? []).length
      // Each request follows one of the floor's (the health route), so both meet the same load.
      const times: number[] = []
      const floorTimes: number[] = []
      let cpuMicros = 0
      for (let i = 0; i < (caller.requests ?? REQUESTS); i += 1) {
        const floorStarted = performance.now()
        await get('/api/health', caller.token)
        floorTimes.push(performance.now() - floorStarted)
        const cpu = process.cpuUsage()
        const started = performance.now()
        await get(caller.path, caller.token)
        times.push(performance.now() - started)
        const used = process.cpuUsage(cpu)
        cpuMicros += used.user + used.system
      }
      const cpuMs = cpuMicros / 1000 / times.length
      const perSecond = (1000 * times.length) / times.reduce((sum, t) => sum + t, 0)
      times.sort((a, b) => a - b)
      floorTimes.sort((a, b) => a - b)
      const [p50, p95] = [percentile(times, 0.5), percentile(times, 0.95)]
      const [floor50, floor95] = [percentile(floorTimes, 0.5), percentile(floorTimes, 0.95)]
      console.log(
        `  ${caller.label.padEnd(26)} p50 ${p50.toFixed(1).padStart(6)} ms  p95 ${p95.toFixed(1).padStart(6)} ms  ${String(Math.round(perSecond)).padStart(5)}/s  cpu ${cpuMs.toFixed(2)} ms  floor p50 ${floor50.toFixed(2)} ms: ×${timesFloor(p50, floor50)}, p95 ×${timesFloor(p95, floor95)}  (${shown} of ${answer.count.toLocaleString('en')}${answer.count === TICKET_COUNT_LIMIT ? '+' : ''}; target p95 ≤ ${caller.requests ? SEARCH_TARGET_P95_MS : LIST_TARGET_P95_MS} ms)`,
      )
    }
  } finally {
    agent.destroy()
  }
}

const seeded = (started: number) =>
  `  seeded ${TICKETS.toLocaleString('en')} tickets and ${(TICKETS * MESSAGES_PER_TICKET).toLocaleString('en')} messages in ${((performance.now() - started) / 1000).toFixed(1)} s`

export async function ticketsList() {
  const dataDir = BENCH_SQLITE_DIR ?? mkdtempSync(join(tmpdir(), 'desk-bench-tickets-'))
  const start = () => createServer({ dataDir, port: 0, host: '127.0.0.1', autoCloseHours: 0 })
  let server = start()
  try {
    let { url } = await server.listen()
    let desk = BENCH_SQLITE_DIR ? await seededDesk(server.db) : null
    if (desk) console.log(`  reusing the desk seeded in ${dataDir}`)
    else {
      if (BENCH_SQLITE_DIR) {
        // Missing or partial: seeded anew in an empty folder.
        await server.close()
        rmSync(dataDir, { recursive: true, force: true })
        server = start()
        url = (await server.listen()).url
      }
      const started = performance.now()
      desk = await seedSqlite(server.db)
      console.log(seeded(started))
    }
    await measure(server, url, desk, 'SQLite')
  } finally {
    await server.close()
    if (!BENCH_SQLITE_DIR) rmSync(dataDir, { recursive: true, force: true })
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
    await measure(started.server, started.url, desk, 'PostgreSQL')
  } finally {
    await server?.close()
    if (!BENCH_PG_SCHEMA) await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin).catch(() => {})
    await admin.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
