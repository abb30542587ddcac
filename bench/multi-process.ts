/**
 * Several server processes behaving as one, under faults: two desk processes as children on one fresh
 * PostgreSQL database (created and dropped here) and one Redis (keys under a prefix of this run, deleted
 * after), behind a load balancer (round-robin; socket.io sticky by its engine.io `sid`), each process
 * reaching Redis through a link this script can cut. While customers write, agents listen and read, and
 * an outreach job sends, the run kills one process with SIGKILL and starts it again, cuts the other's link
 * to Redis for `MP_CUT_MS`, and finally restarts both together (SIGTERM, as a deploy does). It prints
 * figures only; it never fails on them.
 *
 * The load, all through the load balancer:
 * - `MP_MESSAGES` customer messages (default 3,000) from one customer per ten messages, at `MP_RATE` a second
 *   (default 30), through the simulator's inbound route, each with its own provider id (`mp-<n>`, body
 *   `… mp#<n>`). One in twenty is delivered twice on purpose (the same id): half at once, half two seconds
 *   later. A delivery answered with anything but 200 (or not answered within 15 s) is delivered again, as a
 *   provider redelivers a webhook, with waits doubling from half a second to 8 s, for up to a minute.
 * - Two agents of the connection's queue, each with a socket as the app opens it (polling, then WebSocket,
 *   reconnection on; notifications and the pending and open lists joined on every connect; the lists fetched
 *   again after a reconnect), each reading a ticket with unread messages every 400 ms (reading zeroes it).
 * - One outreach job of `MP_RECIPIENTS` numbers (default 300) with no pause between sends, started at 15%
 *   (asked again while refused). An operator resumes it when it is found paused after each fault and at the
 *   end (at most 10 times); the run waits up to 2 minutes after the messages for it to finish.
 *
 * The faults: SIGKILL of the process that created the connection once the job is a quarter done (or at 35%
 * of the messages), started again `MP_DOWN_MS` later (default 3 s); the other process's Redis link cut at 45%
 * (every connection reset, new ones refused) for `MP_CUT_MS` (default 20 s); both restarted together at 80%.
 * A process that exits by itself is started again after a second and reported.
 *
 * The figures:
 * - messages: sent (distinct provider ids), stored, lost (sent but never stored; how many of those were
 *   answered 200 first), never answered 200, duplicated (one provider id stored as two rows or more).
 * - events, per agent: each stored message was `heard` (its socket got the `appMessage`), `caught up` (it was
 *   stored while the socket was away, from 1 s before the drop to the reconnect, so the refetch the reconnect
 *   prompts shows it; or stored during the Redis cut, which loses events without dropping sockets, or in the
 *   10 s after it, and the socket was reconnected after it was stored, prompting that refetch, within those
 *   10 s), or `missed` (neither: the
 *   agent's screen would not show it until a manual reload or an unrelated later reconnect).
 * - unread: tickets whose unread counter differs from their unread customer messages in the database.
 * - outreach: the job's counters, its recipients' states, and the simulated network's outbox for the job's text:
 *   recipients sent twice, counter drift (counter − recipients in that state), recorded sent but not on the
 *   network, on the network but recorded otherwise.
 * - requests: by route, the answers of 400 and above (502 is the load balancer's: no backend took the request,
 *   or the backend dropped it), with the error codes, and calls that got no answer within 15 s.
 * - processes: starts, exits nobody asked for, warnings and errors in each process's log.
 *
 * `BENCH=multi npm run bench`, or alone: `node_modules/.bin/tsx bench/multi-process.ts`. PostgreSQL at
 * `BENCH_DATABASE_URL` (default the local `test` database; the run's own database is made beside it) and Redis
 * at `BENCH_REDIS_URL` (default redis://127.0.0.1:6379); without them the run is skipped. Everything it
 * started is removed at the end, on an error and on Ctrl-C; `MP_KEEP=1` keeps the data folder with the logs.
 */
import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Connection, ConnectionSession, Job, User } from '../packages/api-client/src/contract'
import { pathOf } from '../packages/api-client/src/contract/endpoints'
import { type Database, openDatabase, sql } from '../packages/server/src/db'
import { openSimulatorNetwork } from '../packages/server/src/drivers/simulator-network'
import { Agent, type Gap } from './multi-process/agents'
import { apiClient, sleep, waitFor } from './multi-process/api'
import {
  type OutreachRun,
  type Phase,
  printEvents,
  printJob,
  printMessages,
  printProcesses,
  printRequests,
  printUnread,
  type SentMessages,
  storedMessages,
} from './multi-process/figures'
import { DeskProcess } from './multi-process/processes'
import { type FrontProxy, type RedisLink, startFrontProxy, startRedisLink } from './multi-process/proxies'
import { repoRoot } from './support'

const count = (name: string, fallback: number) => {
  const n = Number(process.env[name])
  return Number.isInteger(n) && n > 0 ? n : fallback
}
const MESSAGES = count('MP_MESSAGES', 3000)
const RATE = count('MP_RATE', 30)
const CUT_MS = count('MP_CUT_MS', 20_000)
const DOWN_MS = count('MP_DOWN_MS', 3000)
const RECIPIENTS = count('MP_RECIPIENTS', 300)
const CUSTOMERS = Math.max(1, Math.round(MESSAGES / 10))
/** How long a provider goes on redelivering a message that was not answered 200. */
const RETRY_WINDOW_MS = 60_000
const IN_FLIGHT = 64
const REQUEST_TIMEOUT_MS = 15_000
const READ_EVERY_MS = 400
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const REDIS_URL = new URL(process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379')

interface RedisClient {
  ping(): Promise<string>
  scan(cursor: string, ...args: Array<string | number>): Promise<[string, string[]]>
  del(...keys: string[]): Promise<number>
  disconnect(): void
}
const { Redis } = createRequire(join(repoRoot, 'packages/server/package.json'))('ioredis') as {
  Redis: new (url: string, options?: Record<string, unknown>) => RedisClient
}

const redisClient = () =>
  new Redis(REDIS_URL.href, { lazyConnect: false, connectTimeout: 1500, maxRetriesPerRequest: 1 })

const servicesAnswer = async () => {
  const admin = openDatabase({ dataDir: tmpdir(), databaseUrl: PG_URL, connectionTimeoutMillis: 1500 })
  const redis = redisClient()
  try {
    await sql`select 1`.execute(admin.db)
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    redis.disconnect()
    await admin.destroy().catch(() => {})
  }
}

/** Runs the cleanups in reverse order, once, whatever called first (the end, an error, Ctrl-C). */
const cleanupList = () => {
  const steps: Array<[string, () => Promise<unknown> | unknown]> = []
  let running: Promise<void> | undefined
  return {
    add: (name: string, step: () => Promise<unknown> | unknown) => steps.push([name, step]),
    run: () =>
      (running ??= (async () => {
        for (const [name, step] of steps.reverse()) {
          try {
            await step()
          } catch (error) {
            console.error(`  cleanup (${name}) failed: ${error instanceof Error ? error.message : error}`)
          }
        }
      })()),
  }
}

export async function multiProcess() {
  if (!(await servicesAnswer())) {
    console.log(`  skipped: PostgreSQL (${new URL(PG_URL).host}) or Redis (${REDIS_URL.host}) does not answer`)
    return
  }
  const run = randomBytes(4).toString('hex')
  const cleanup = cleanupList()
  const processes: DeskProcess[] = []
  const killChildren = () => {
    for (const p of processes) p.killNow()
  }
  const interrupted = (signal: NodeJS.Signals) => {
    console.log(`\n  ${signal}: stopping the processes, dropping the database and the Redis keys`)
    void cleanup.run().finally(() => process.exit(130))
  }
  process.on('exit', killChildren)
  process.once('SIGINT', interrupted)
  process.once('SIGTERM', interrupted)
  try {
    await runFaults(run, cleanup, processes)
  } finally {
    await cleanup.run()
    process.off('exit', killChildren)
    process.off('SIGINT', interrupted)
    process.off('SIGTERM', interrupted)
  }
}

async function runFaults(run: string, cleanup: ReturnType<typeof cleanupList>, processes: DeskProcess[]) {
  const started = Date.now()
  const note = (text: string) => console.log(`  t+${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s  ${text}`)

  // The run's storage: a data folder (the signing secret, the simulated network, the logs), a database, a prefix.
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-multi-'))
  cleanup.add('data folder', () => {
    if (process.env.MP_KEEP === '1') console.log(`  kept ${dataDir}`)
    else rmSync(dataDir, { recursive: true, force: true })
  })
  const databaseName = `desk_mp_${run}`
  const admin = openDatabase({ dataDir, databaseUrl: PG_URL })
  cleanup.add('admin connection', () => admin.destroy())
  await sql`create database ${sql.id(databaseName)}`.execute(admin.db)
  cleanup.add('database', () => sql`drop database if exists ${sql.id(databaseName)} with (force)`.execute(admin.db))
  const databaseUrl = new URL(PG_URL)
  databaseUrl.pathname = `/${databaseName}`
  const prefix = `desk-mp-${run}`
  cleanup.add('Redis keys', async () => {
    const redis = redisClient()
    try {
      let cursor = '0'
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 1000)
        if (keys.length) await redis.del(...keys)
        cursor = next
      } while (cursor !== '0')
    } finally {
      redis.disconnect()
    }
  })

  const front = await startFrontProxy(2)
  cleanup.add('load balancer', () => front.close())
  const links: RedisLink[] = []
  for (let k = 0; k < 2; k++) {
    const link = await startRedisLink(REDIS_URL)
    cleanup.add('Redis link', () => link.close())
    links.push(link)
    const desk = new DeskProcess(
      `desk ${k + 1}`,
      {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        DATABASE_URL: databaseUrl.toString(),
        REDIS_URL: link.url,
        MP_REDIS_PREFIX: prefix,
        LOG_LEVEL: 'warn',
        AUTO_CLOSE_HOURS: '0',
        TRUST_PROXY: '1',
      },
      dataDir,
      (port) => front.setBackend(k, port),
      note,
    )
    processes.push(desk)
    cleanup.add(desk.name, () => desk.close())
  }
  // The first migrates the new database; the second starts on it.
  for (const desk of processes) await desk.start()
  note(`two desk processes on PostgreSQL ${databaseName} and Redis (prefix ${prefix}), behind ${front.url}`)

  const api = apiClient(front.url, REQUEST_TIMEOUT_MS)
  const { call, must, unanswered } = api
  const setup = await setUp(api, front.url)
  note(`connection ${setup.connectionId} created by desk ${setup.creator + 1}; ${setup.agents.length} agents listening`)
  for (const agent of setup.agents) {
    cleanup.add(agent.name, () => agent.close())
    agent.startReading(READ_EVERY_MS)
  }

  // Customers write; the faults come as the messages go out.
  const sent: SentMessages = { count: MESSAGES, accepted: [], acceptedBy: [], redelivered: 0, retried: 0 }
  const phases: Phase[] = [{ at: 0, name: 'before the SIGKILL' }]
  const phase = (name: string) => phases.push({ at: Date.now(), name })
  /** Faults that lose live events silently (the Redis cut): a catch-up is owed soon after each ends. */
  const eventLosses: Gap[] = []
  let launched = 0
  let inFlight = 0
  const deliver = async (n: number) => {
    const from = `5511${String(900000000 + (n % CUSTOMERS))}`
    const body = {
      from,
      name: `Customer ${n % CUSTOMERS}`,
      body: `Where is order ${1000 + n}? mp#${n}`,
      providerMessageId: `mp-${n}`,
    }
    inFlight++
    const giveUp = Date.now() + RETRY_WINDOW_MS
    try {
      for (let attempt = 0; attempt === 0 || Date.now() < giveUp; attempt++) {
        if (attempt > 0) {
          sent.retried++
          await sleep(Math.min(500 * 2 ** (attempt - 1), 8000))
        }
        const path = pathOf('simulatorInbound', { connectionId: setup.connectionId })
        const res = await call('POST', path, body, setup.adminToken)
        if (res.status === 200) {
          sent.accepted[n] = true
          if (sent.acceptedBy[n] === undefined) sent.acceptedBy[n] = res.backend ?? -1
          return
        }
      }
    } finally {
      inFlight--
    }
  }
  const send = async (n: number) => {
    if (n % 20 === 7) {
      sent.redelivered++
      await Promise.all([deliver(n), deliver(n)])
    } else if (n % 20 === 17) {
      await deliver(n)
      await sleep(2000)
      sent.redelivered++
      await deliver(n)
    } else await deliver(n)
  }

  let job: { id: number; connectionId: number; text: string } | undefined
  const jobProgress = async () => {
    if (!job) return 0
    const res = await call<Job>('GET', pathOf('jobGet', { id: job.id }), undefined, setup.adminToken)
    const j = res.body
    return res.status === 200 && j ? (j.sent + j.failed + j.skipped + j.uncertain) / Math.max(1, j.total) : 0
  }
  let resumes = 0
  let resumesRefused = 0
  /** What an operator does with a paused job once the desk is back: resumes it (at most 10 times in the run). */
  const resumeIfPaused = async () => {
    if (!job) return undefined
    const res = await call<Job>('GET', pathOf('jobGet', { id: job.id }), undefined, setup.adminToken)
    const status = res.body?.status
    if (status !== 'paused' || resumes + resumesRefused >= 10) return status
    const resumed = await call('PUT', pathOf('jobAction', { id: job.id }), { action: 'resume' }, setup.adminToken)
    if (resumed.status === 200) resumes++
    else resumesRefused++
    note(`outreach job was paused (${res.body?.pauseReason}); resumed: ${resumed.status}`)
    return status
  }
  const [victim, other] = setup.creator === 0 ? [processes[0]!, processes[1]!] : [processes[1]!, processes[0]!]
  const otherLink = links[processes.indexOf(other)]!
  const at = (share: number) => waitFor(() => launched >= MESSAGES * share, 24 * 3600_000)

  const faults = async () => {
    await at(0.15)
    const text = `Our summer sale starts today (${run})`
    const numbers = Array.from({ length: RECIPIENTS }, (_, k) => `1202555${String(k).padStart(4, '0')}`)
    // Created as a person would: sent again while it is refused (at most 20 times).
    const jobBody = { ticketwhatsappId: setup.connectionId, numbers, message: text, minInterval: 0, maxInterval: 0 }
    const created = await must<Job>('POST', pathOf('bulkText'), jobBody, setup.adminToken).catch((error: Error) => ({
      status: error.message,
      body: undefined,
      backend: undefined,
    }))
    if (created.body?.id) {
      job = { id: created.body.id, connectionId: setup.connectionId, text }
      note(`outreach job ${job.id} to ${RECIPIENTS} numbers created on desk ${(created.backend ?? 0) + 1}`)
    } else note(`the outreach job was refused (${created.status})`)

    await at(0.2)
    while (launched < MESSAGES * 0.35 && (await jobProgress()) < 0.25) await sleep(250)
    note(`SIGKILL ${victim.name} (messages ${launched}/${MESSAGES})`)
    phase('from the SIGKILL to the Redis cut')
    await victim.stop('SIGKILL')
    await sleep(DOWN_MS)
    await victim.start()
    note(`${victim.name} listens again`)
    await resumeIfPaused()

    await at(0.45)
    note(`Redis link of ${other.name} cut for ${CUT_MS / 1000} s (messages ${launched}/${MESSAGES})`)
    otherLink.cut()
    phase('during the Redis cut')
    const cut: Gap = { from: Date.now(), to: Number.POSITIVE_INFINITY }
    eventLosses.push(cut)
    await sleep(CUT_MS)
    otherLink.restore()
    cut.to = Date.now()
    phase('from the Redis cut to the joint restart')
    note(`Redis link of ${other.name} restored`)
    await resumeIfPaused()

    await at(0.8)
    note(`both processes restarted together (messages ${launched}/${MESSAGES})`)
    phase('from the joint restart on')
    await Promise.all(processes.map((p) => p.stop('SIGTERM')))
    await Promise.all(processes.map((p) => p.start()))
    note('both listen again')
    await resumeIfPaused()
  }

  const faultsDone = faults()
  faultsDone.catch(() => {})
  const loadStart = Date.now()
  const sends: Promise<void>[] = []
  for (let n = 0; n < MESSAGES; n++) {
    const due = loadStart + (n * 1000) / RATE
    if (due > Date.now()) await sleep(due - Date.now())
    while (inFlight >= IN_FLIGHT) await sleep(10)
    launched = n + 1
    sends.push(send(n))
  }
  note(`all ${MESSAGES} messages out; waiting for their answers and retries`)
  await Promise.all(sends)
  await faultsDone

  // Let the job finish (or stall), the sockets come back and the events stop.
  if (job) {
    let status: string | undefined
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline && !['done', 'failed', 'cancelled'].includes(status ?? '')) {
      status = await resumeIfPaused()
      await sleep(2000)
    }
    note(`outreach job ${status}${Date.now() > deadline ? ' after 2 more minutes' : ''}`)
  }
  await waitFor(() => setup.agents.every((a) => a.connected), 20_000)
  let heard = -1
  await waitFor(() => {
    const now = setup.agents.reduce((sum, a) => sum + a.heard.size, 0)
    const quiet = now === heard
    heard = now
    return quiet
  }, 15_000)
  for (const agent of setup.agents) agent.stopReading()
  await sleep(READ_EVERY_MS * 2)
  for (const agent of setup.agents) agent.close()
  await Promise.all(processes.map((p) => p.stop('SIGTERM')))
  note('processes stopped; counting')

  await printFigures({
    databaseUrl,
    dataDir,
    sent,
    phases,
    faults: eventLosses,
    setup,
    job: job && { ...job, resumes, resumesRefused },
    front,
    unanswered,
    processes,
  })
}

/** The first admin, a queue, two agents of it (listening), and a simulator connection paired through the load balancer. */
async function setUp({ call, must }: ReturnType<typeof apiClient>, baseUrl: string) {
  const password = 'bench-password'
  await must<User>('POST', pathOf('signup'), { name: 'Bench Admin', email: 'admin@desk.test', password })
  const login = async (email: string) =>
    (await must<{ token: string }>('POST', pathOf('login'), { email, password })).body!.token
  const adminToken = await login('admin@desk.test')
  const queue = (
    await must<{ id: number }>('POST', pathOf('queueCreate'), { name: 'Orders', color: '#7cb342' }, adminToken)
  ).body!
  const agents: Agent[] = []
  for (const k of [1, 2]) {
    const email = `agent${k}@desk.test`
    await must('POST', pathOf('userCreate'), { name: `Agent ${k}`, email, password, queueIds: [queue.id] }, adminToken)
    const agent = new Agent(`agent ${k}`, baseUrl, await login(email), call)
    await agent.connect()
    agents.push(agent)
  }
  const created = await must<Connection>(
    'POST',
    pathOf('connectionCreate'),
    { name: 'Orders line', queueIds: [queue.id] },
    adminToken,
  )
  const connectionId = created.body!.id
  // Only the process that created the connection may hold its pairing: the scan is tried until one answers.
  const scan = await must<ConnectionSession>('POST', pathOf('simulatorScan', { connectionId }), undefined, adminToken)
  if (scan.body?.status !== 'CONNECTED')
    throw new Error(`the simulated phone did not connect: ${JSON.stringify(scan.body)}`)
  return { adminToken, connectionId, creator: created.backend ?? 0, agents }
}

async function printFigures(run: {
  databaseUrl: URL
  dataDir: string
  sent: SentMessages
  phases: Phase[]
  faults: Gap[]
  setup: Awaited<ReturnType<typeof setUp>>
  job: OutreachRun | undefined
  front: FrontProxy
  unanswered: Map<string, number>
  processes: DeskProcess[]
}) {
  const database: Database = openDatabase({ dataDir: run.dataDir, databaseUrl: run.databaseUrl.toString() })
  const network = openSimulatorNetwork(join(run.dataDir, 'simulator'))
  try {
    console.log(
      `\n  ${MESSAGES} messages at ${RATE}/s from ${CUSTOMERS} customers; SIGKILL, a ${CUT_MS / 1000} s Redis cut, both restarted`,
    )
    const stored = await storedMessages(database.db)
    printMessages(run.sent, stored)
    printEvents(run.setup.agents, stored.storedAt, run.sent, run.phases, run.faults)
    await printUnread(database.db)
    await printJob(database.db, network, run.job)
    printRequests(run.front.routes, run.unanswered)
    printProcesses(run.processes)
  } finally {
    network.close()
    await database.destroy()
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await multiProcess()
