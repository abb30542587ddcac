/**
 * Inbound-to-agent-socket latency at a steady 1,000 messages/s (BENCH_RATE=<n> for another rate): a real server on a temporary
 * SQLite data folder with a connected simulator connection (one queue), an agent of that queue
 * on socket.io, and ten seconds of customer messages (10,000) posted to `POST /api/simulator/:id/inbound`
 * on a fixed schedule (open loop: a slow answer does not delay the next message). Latency runs from
 * issuing the inbound call to the agent's socket receiving that message's `appMessage`. The customers and
 * the agent live in a child process, so the server's process does only the server's work.
 *
 * The traffic, as a desk sees it: 200 customers wrote before the run (each has a ticket);
 * during the run a new customer writes every 25th message (400 in all, 40 a second: each a new contact
 * and ticket), and the other messages go round the customers who have written so far (each customer a few
 * messages a second). Before the run, two seconds of the same traffic at the same rate (its own customers,
 * not measured) warm the server as one that has been serving is warm: right after 200 first messages,
 * V8 had not yet optimised the code of a customer writing again, and the run's first second held most of
 * its slow messages (2026-11-30: 300–570 of the 500–700 over 4 ms). A second run (`burst`) puts those
 * 400 first messages in the run's first 0.4 s instead, as a campaign's replies might come, and is
 * printed apart. Target: p99 ≤ 10 ms in the steady
 * run, and no event-loop stall over 50 ms.
 */
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { monitorEventLoopDelay, performance } from 'node:perf_hooks'
import { openDatabase, sql } from '../packages/server/src/db'
import { startBenchDesk } from './desk'
import { httpFloor, printFloor, timesFloor } from './floor'
import { repoRoot } from './support'
import { BENCH_PG_URL, postgresAnswers } from './tickets-list'

const TARGET_P99_MS = 10
const TARGET_STALL_MS = 50
const RATE_PER_SECOND = Number(process.env.BENCH_RATE ?? 1_000)
const SECONDS = 10
const CONTACTS = 400
/** Customers who write before the measured run (their first messages, sent at once). */
const WARM_UP = 200
/** Then this long of the run's own traffic, at its rate, not measured (see above). */
const WARM_SECONDS = 2

const socketIoClient = createRequire(join(repoRoot, 'packages/server/package.json')).resolve('socket.io-client')

/**
 * The customers and the agent. Sends message i at start + i / rate, tags its body with i,
 * and notes when the agent's socket hears it. Prints `{latencies, sent, failed}` as JSON.
 */
const CLIENT = `
const http = require('node:http')
const { io } = require(process.env.SIO_CLIENT)
const { url, adminToken, agentToken, id, rate, total, warmUp, warmSeconds, contacts, burst } = JSON.parse(process.env.BENCH_SOCKET)
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 })
const target = new URL(url + '/api/simulator/' + id + '/inbound')
const sentAt = new Map()
const latencies = []
const returning = []
let failed = 0
let pending = 0
// Message i's customer: in the steady run every 25th message is a new customer's first, the rest go round
// the customers who have written so far (the warm-up's first); in the burst run the first 400 are the new ones.
const spacing = Math.floor(total / contacts)
const isFirst = (i) => (burst ? i < contacts : i % spacing === 0 && i / spacing < contacts)
const customerOf = (i) => {
  if (isFirst(i)) return { prefix: '5521', n: burst ? i : i / spacing }
  const introduced = burst ? Math.min(contacts, i) : Math.min(contacts, Math.floor(i / spacing) + 1)
  const k = i % (warmUp + introduced)
  return k < warmUp ? { prefix: '5599', n: k } : { prefix: '5521', n: k - warmUp }
}
const post = (i, warm, customer) => {
  const who = customer ?? (warm ? { prefix: '5599', n: i % warmUp } : customerOf(i))
  const body = JSON.stringify({
    from: who.prefix + String(who.n).padStart(8, '0'),
    name: 'Customer ' + who.prefix + '-' + who.n,
    body: 'bench#' + (warm ? who.prefix : '5521') + ':' + i + ' where is my order?',
  })
  pending++
  const req = http.request(target, {
    method: 'POST', agent,
    headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: 'Bearer ' + adminToken },
  }, (res) => {
    res.resume()
    res.on('end', () => { pending--; if (res.statusCode !== 200) failed++ })
  })
  req.once('error', () => { pending--; failed++ })
  req.end(body)
}
const socket = io(url, { transports: ['websocket'], auth: { token: agentToken }, reconnection: false })
let heardWarm = 0
let onWarm = () => {}
socket.on('appMessage', (event) => {
  const now = performance.now()
  const match = /^bench#(\\d+):(\\d+) /.exec(event.message.body)
  if (!match) return
  if (match[1] === '5599') { heardWarm++; if (heardWarm === warmUp) onWarm(); return }
  if (match[1] !== '5521') return
  const started = sentAt.get(Number(match[2]))
  if (started !== undefined) {
    latencies.push(now - started)
    if (!isFirst(Number(match[2]))) returning.push(now - started)
    sentAt.delete(Number(match[2]))
  }
})
socket.once('connect_error', (error) => { console.error(error); process.exit(1) })
socket.once('connect', async () => {
  socket.emit('joinNotification')
  socket.emit('joinTickets', 'pending')
  socket.emit('joinTickets', 'open')
  await new Promise((resolve) => { onWarm = resolve; for (let i = 0; i < warmUp; i++) post(i, true) })
  // Sends messages 0..count-1 on the run's schedule, each with send(i).
  const schedule = (count, send) => new Promise((resolve) => {
    const started = performance.now()
    let next = 0
    const tick = () => {
      const due = Math.min(count, Math.floor(((performance.now() - started) * rate) / 1000) + 1)
      while (next < due) send(next++)
      if (next < count) setTimeout(tick, 1)
      else resolve()
    }
    tick()
  })
  // The run's traffic, not measured, from customers of its own (5588): every 25th a first message.
  await schedule(warmSeconds * rate, (i) => post(i, true, { prefix: '5588', n: i % spacing === 0 ? 100000 + i : i % warmUp }))
  while (pending > 0) await new Promise((r) => setTimeout(r, 5))
  await new Promise((r) => setTimeout(r, 100))
  process.stdout.write('warm\\n')
  const started = performance.now()
  // This process's own work over the run: a late loop here delays what the agent hears as much as the server's.
  const cpuBefore = process.cpuUsage()
  const loop = require('node:perf_hooks').monitorEventLoopDelay({ resolution: 10 })
  loop.enable()
  await schedule(total, (i) => { sentAt.set(i, performance.now()); post(i, false) })
  const sendMs = performance.now() - started
  // Stragglers: wait until every answer is in and the socket is quiet, at most 10 s.
  const deadline = performance.now() + 10000
  while ((pending > 0 || sentAt.size > failed) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 20))
  loop.disable()
  const cpu = process.cpuUsage(cpuBefore)
  const own = { cpuMs: (cpu.user + cpu.system) / 1000, loopP99Ms: loop.percentile(99) / 1e6, loopMaxMs: loop.max / 1e6 }
  process.stdout.write(JSON.stringify({ latencies, returning, sent: total, failed, sendMs, own }))
  socket.disconnect()
  agent.destroy()
})
`

interface ClientResult {
  latencies: number[]
  /** Only the messages of customers who had written before in the run (their ticket open). */
  returning: number[]
  sent: number
  failed: number
  sendMs: number
  /** The client process's CPU over the run, and its own event-loop delay (10 ms timer). */
  own: { cpuMs: number; loopP99Ms: number; loopMaxMs: number }
}

/** Runs the customers and the agent; `onWarm` is called when the warm-up is over and the measured run starts. */
const runClient = (settings: Record<string, unknown>, onWarm: () => void) =>
  new Promise<ClientResult>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT], {
      env: { ...process.env, BENCH_SOCKET: JSON.stringify(settings), SIO_CLIENT: socketIoClient },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const marker = 'warm\n'
    let out = ''
    let warm = false
    child.stdout.on('data', (chunk) => {
      out += chunk
      if (!warm && out.startsWith(marker)) {
        warm = true
        out = out.slice(marker.length)
        onWarm()
      }
    })
    child.once('error', reject)
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as ClientResult) : reject(new Error(`client exited with ${code}`)),
    )
  })

/**
 * A 10 ms timer that notes its longest lateness with the process's CPU time over that stretch (all its
 * threads: the checkpointer's too), and the most CPU time spent between two of its runs: a stall of
 * the server's own making spends CPU (or waits on a synchronous call) while the timer is late.
 */
const stallWatch = () => {
  const periodMs = 10
  let last = process.hrtime.bigint()
  let lastCpu = process.cpuUsage()
  let worst = { lateNs: 0, cpuUs: 0 }
  let busiestCpuUs = 0
  const timer = setInterval(() => {
    const now = process.hrtime.bigint()
    const cpu = process.cpuUsage()
    const lateNs = Number(now - last) - periodMs * 1e6
    const cpuUs = cpu.user + cpu.system - (lastCpu.user + lastCpu.system)
    if (lateNs > worst.lateNs) worst = { lateNs, cpuUs }
    busiestCpuUs = Math.max(busiestCpuUs, cpuUs)
    last = now
    lastCpu = cpu
  }, periodMs)
  return {
    stop: () => {
      clearInterval(timer)
      return { ...worst, busiestCpuUs }
    },
  }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN

/**
 * The steady run (the target's), then the burst run, each on a new desk; `BENCH_BURST=0` skips the burst.
 * Then the steady run again on PostgreSQL when it answers (a throwaway schema; `BENCH_LATENCY_PG=0` skips it):
 * there the statements run in the database's own processes, beside the server's. `BENCH_LATENCY_SQLITE=0`
 * skips the SQLite steady run.
 */
export async function socketLatency({ rate = RATE_PER_SECOND, seconds = SECONDS } = {}) {
  if (process.env.BENCH_LATENCY_SQLITE !== '0') {
    console.log('  SQLite, steady: a new customer every 25th message, the others writing again')
    await latencyRun({ rate, seconds, burst: false })
  }
  if (process.env.BENCH_BURST !== '0') {
    console.log("  SQLite, burst: the run's 400 new customers all in its first 0.4 s")
    await latencyRun({ rate, seconds, burst: true })
  }
  if (process.env.BENCH_LATENCY_PG === '0') return
  if (!(await postgresAnswers())) {
    console.log(`  PostgreSQL skipped: nothing answers at ${new URL(BENCH_PG_URL).host} (set BENCH_DATABASE_URL)`)
    return
  }
  console.log("  PostgreSQL, steady: the same traffic, the statements in the database's processes")
  const schema = `desk_bench_latency_${randomBytes(6).toString('hex')}`
  const admin = openDatabase({ dataDir: tmpdir(), databaseUrl: BENCH_PG_URL }).db
  try {
    await sql`create schema ${sql.id(schema)}`.execute(admin)
    const databaseUrl = new URL(BENCH_PG_URL)
    databaseUrl.searchParams.set('options', `-c search_path=${schema}`)
    await latencyRun({ rate, seconds, burst: false, databaseUrl: databaseUrl.toString() })
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin).catch(() => {})
    await admin.destroy()
  }
}

/** CPU seconds spent so far by PostgreSQL's processes on this machine (Linux `/proc`; undefined elsewhere). */
const postgresCpuSeconds = () => {
  try {
    let ticks = 0
    for (const pid of readdirSync('/proc')) {
      if (!/^\d+$/.test(pid)) continue
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        if (!stat.includes('(postgres)')) continue
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        ticks += Number(fields[11]) + Number(fields[12])
      } catch {
        // gone meanwhile
      }
    }
    return ticks / 100
  } catch {
    return undefined
  }
}

async function latencyRun({
  rate,
  seconds,
  burst,
  databaseUrl,
}: {
  rate: number
  seconds: number
  burst: boolean
  databaseUrl?: string
}) {
  // Every statement the server sends, counted over the measured run: a figure the machine's speed does not move.
  const counted = { on: false, all: 0, framing: 0 }
  const onStatement = ({ sql: text }: { sql: string }) => {
    if (!counted.on) return
    counted.all++
    if (/^(begin|commit|savepoint|release)\b/i.test(text)) counted.framing++
  }
  const { server, url, call, close } = await startBenchDesk('socket', {
    ...(databaseUrl ? { databaseUrl } : {}),
    onStatement,
  })
  try {
    const admin = { name: 'Bench Admin', email: 'bench@desk.test', password: 'bench-password' }
    await call('POST', '/api/auth/signup', admin)
    const { token: adminToken } = await call<{ token: string }>('POST', '/api/auth/login', admin)
    const now = new Date().toISOString()
    const queue = await server.db
      .insertInto('queues')
      .values({ name: 'Orders', color: '#7cb342', greetingMessage: null, createdAt: now, updatedAt: now })
      .returning('id')
      .executeTakeFirstOrThrow()
    const agentAccount = { name: 'Bench Agent', email: 'agent@desk.test', password: 'agent-password' }
    await call('POST', '/api/users', { ...agentAccount, profile: 'user', queueIds: [queue.id] }, adminToken)
    const { token: agentToken } = await call<{ token: string }>('POST', '/api/auth/login', agentAccount)
    const { id } = await call<{ id: number }>(
      'POST',
      '/api/whatsapp',
      { name: 'Bench line', queueIds: [queue.id] },
      adminToken,
    )
    await call('POST', `/api/simulator/${id}/scan`, undefined, adminToken)

    const total = rate * seconds
    const loadBefore = loadavg()[0]!
    // Taken when the measured run starts (after the warm-up), as the latencies are.
    let cpu = process.cpuUsage()
    let busyBefore = performance.eventLoopUtilization()
    let databaseCpu: number | undefined
    // The server shares this process: a stalled event loop (a long synchronous step, a GC pause)
    // shows here, while waiting for a core on a busy machine mostly shows in the latencies alone.
    // Watched over the measured run, as the latencies are (the warm-up's burst of new customers is not).
    const loopDelay = monitorEventLoopDelay({ resolution: 10 })
    let stall: ReturnType<typeof stallWatch> | undefined
    const result = await runClient(
      {
        url,
        adminToken,
        agentToken,
        id,
        rate,
        total,
        warmUp: WARM_UP,
        warmSeconds: WARM_SECONDS,
        contacts: CONTACTS,
        burst,
      },
      () => {
        loopDelay.enable()
        stall = stallWatch()
        counted.on = true
        cpu = process.cpuUsage()
        busyBefore = performance.eventLoopUtilization()
        databaseCpu = databaseUrl ? postgresCpuSeconds() : undefined
      },
    )
    counted.on = false
    const used = process.cpuUsage(cpu)
    const busy = performance.eventLoopUtilization(busyBefore)
    const databaseCpuAfter = databaseUrl ? postgresCpuSeconds() : undefined
    loopDelay.disable()
    const longest = stall?.stop() ?? { lateNs: 0, cpuUs: 0, busiestCpuUs: 0 }
    const sorted = result.latencies.toSorted((a, b) => a - b)
    const ms = (p: number) => `${percentile(sorted, p).toFixed(1)} ms`
    console.log(
      `  ${total} messages at ${rate}/s from ${WARM_UP} customers who wrote before and ${CONTACTS} new ones (sent in ${(result.sendMs / 1000).toFixed(2)} s), agent in the connection's queue; before them ${WARM_SECONDS} s of the same traffic, not measured`,
    )
    console.log(
      `  arrived on the agent's socket: ${sorted.length}/${total}${result.failed ? `, ${result.failed} inbound calls failed` : ''}`,
    )
    console.log(
      `  latency p50 ${ms(50)}, p95 ${ms(95)}, p99 ${ms(99)}, max ${sorted.length ? `${sorted.at(-1)!.toFixed(1)} ms` : 'n/a'}${burst ? '' : ` (target p99 ≤ ${TARGET_P99_MS} ms)`}`,
    )
    // A customer's first message makes a contact and a ticket (heavier): shown apart, conversations already open.
    const steady = result.returning.toSorted((a, b) => a - b)
    console.log(
      `  of which customers writing again (${steady.length}): p50 ${percentile(steady, 50).toFixed(1)} ms, p95 ${percentile(steady, 95).toFixed(1)} ms, p99 ${percentile(steady, 99).toFixed(1)} ms; first messages (${sorted.length - steady.length}, each a new ticket) make the rest`,
    )
    const perMessage = (ms: number) => `${(ms / total).toFixed(3)} ms a message`
    console.log(
      `  server CPU ${perMessage((used.user + used.system) / 1000)} (its threads together; the event loop busy ${perMessage(busy.active)}, ${(100 * busy.utilization).toFixed(0)}% of the time)${
        databaseCpu !== undefined && databaseCpuAfter !== undefined
          ? `; PostgreSQL's processes ${perMessage((databaseCpuAfter - databaseCpu) * 1000)} (all of them, whatever else they served)`
          : ''
      }`,
    )
    console.log(
      `  the client's process (customers and agent, on the same cores) CPU ${perMessage(result.own.cpuMs)}; its event-loop delay p99 ${result.own.loopP99Ms.toFixed(1)} ms, max ${result.own.loopMaxMs.toFixed(1)} ms (timer resolution 10 ms)`,
    )
    console.log(
      `  statements a message ${((counted.all - counted.framing) / total).toFixed(2)} (the same on any machine), besides ${(counted.framing / total).toFixed(2)} begin, commit and savepoint (as many as messages shared commits)`,
    )
    // The machine's floor right after the run: one request at a time to a constant route.
    const floor = await httpFloor(url)
    printFloor(floor)
    console.log(
      `  latency as a multiple of the floor: p50 ×${timesFloor(percentile(sorted, 50), floor.p50)}, p99 ×${timesFloor(percentile(sorted, 99), floor.p95)} (of its p95)`,
    )
    const loopMs = (ns: number) => `${(ns / 1e6).toFixed(1)} ms`
    console.log(
      `  server event-loop delay p50 ${loopMs(loopDelay.percentile(50))}, p99 ${loopMs(loopDelay.percentile(99))}, max ${loopMs(loopDelay.max)} (timer resolution 10 ms; target max ≤ ${TARGET_STALL_MS} ms)`,
    )
    // A late timer is the process's own work (a long synchronous step: CPU spent all along) or the
    // machine's (the process waited for a core: little CPU spent while late).
    console.log(
      `  longest late timer ${loopMs(longest.lateNs)}, the process's CPU meanwhile ${(longest.cpuUs / 1000).toFixed(1)} ms; longest stretch of the process's own CPU between two timers ${(longest.busiestCpuUs / 1000).toFixed(1)} ms`,
    )
    // Latency is queueing: when other work holds the cores, the server waits its turn and the figures say so.
    const cores = availableParallelism()
    const load = Math.max(loadBefore, loadavg()[0]!)
    console.log(
      `  machine load ${load.toFixed(1)} on ${cores} cores${load > cores ? ' — busier than its cores: latency is mostly waiting for a core' : ''}`,
    )
  } finally {
    await close()
  }
}
