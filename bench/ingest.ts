/**
 * Inbound ingest through the simulator driver against a real server on a temporary SQLite
 * data folder: 5,000 messages from 500 customers, once straight into the driver (the service
 * layer, no HTTP) and once through `POST /api/simulator/:id/inbound`. Target: ≥ 2,000 messages/s over
 * HTTP. Printed beside the machine's floor (`./floor.ts`), measured before and after the load.
 */
import { spawn } from 'node:child_process'
import type { SimulatorDriver } from '../packages/server/src/drivers/simulator'
import { startBenchDesk } from './desk'
import { httpFloor, printFloor } from './floor'

const TARGET_PER_SECOND = 2_000
const CONTACTS = 500
const MESSAGES = 5_000
/** Messages in flight at once: customers write at the same time, each conversation in order. */
const CONCURRENCY = 32

/** Runs `count` tasks with at most `limit` at once. */
const pool = async (count: number, limit: number, task: (index: number) => Promise<unknown>) => {
  let next = 0
  const worker = async () => {
    while (next < count) {
      const index = next++
      await task(index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, count) }, worker))
}

/** Message i comes from customer i % CONTACTS, so every customer writes MESSAGES / CONTACTS times, interleaved. */
const messageOf = (prefix: string, i: number) => ({
  from: `55${prefix}${String(i % CONTACTS).padStart(8, '0')}`,
  name: `Customer ${i % CONTACTS}`,
  body: `Message ${i} about order #${1000 + i}`,
  isGroup: false,
  mediaType: 'chat' as const,
})

const rate = (count: number, ms: number) => Math.round((count / ms) * 1000)

/**
 * The HTTP load runs in its own process, as callers on other machines would: the server's
 * process then does only the server's work, and its CPU time is the server's cost.
 * Prints the elapsed milliseconds.
 */
const CLIENT = `
const http = require('node:http')
const { url, token, id, messages, contacts, concurrency } = JSON.parse(process.env.BENCH_INGEST)
const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency })
const target = new URL(url + '/api/simulator/' + id + '/inbound')
let next = 0
const send = (i) =>
  new Promise((resolve, reject) => {
    const body = JSON.stringify({
      from: '5521' + String(i % contacts).padStart(8, '0'),
      name: 'Customer ' + (i % contacts),
      body: 'Message ' + i + ' about order #' + (1000 + i),
    })
    const req = http.request(target, {
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: 'Bearer ' + token },
    }, (res) => {
      let text = ''
      res.on('data', (c) => { text += c })
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error('inbound: ' + res.statusCode + ' ' + text))))
    })
    req.once('error', reject)
    req.end(body)
  })
const worker = async () => { while (next < messages) await send(next++) }
const started = performance.now()
Promise.all(Array.from({ length: concurrency }, worker)).then(
  () => { process.stdout.write(String(performance.now() - started)); agent.destroy() },
  (error) => { console.error(error); process.exit(1) },
)
`

const httpLoad = (settings: Record<string, unknown>) =>
  new Promise<number>((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', CLIENT], {
      env: { ...process.env, BENCH_INGEST: JSON.stringify(settings) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => {
      out += chunk
    })
    child.once('error', reject)
    child.once('exit', (code) => (code === 0 ? resolve(Number(out)) : reject(new Error(`load exited with ${code}`))))
  })

/** Wall-clock rate, and the server's CPU time per message (steadier when other work shares the machine). */
const measure = async (run: () => Promise<unknown>) => {
  const cpu = process.cpuUsage()
  const started = performance.now()
  await run()
  const ms = performance.now() - started
  const used = process.cpuUsage(cpu)
  return { ms, cpuMs: (used.user + used.system) / 1000 }
}

const report = (label: string, { ms, cpuMs }: { ms: number; cpuMs: number }) =>
  console.log(
    `  ${label} ${rate(MESSAGES, ms)} messages/s (${(ms / 1000).toFixed(2)} s), server CPU ${(cpuMs / MESSAGES).toFixed(3)} ms a message ≈ ${rate(MESSAGES, cpuMs)}/s a core (target ≥ ${TARGET_PER_SECOND}/s)`,
  )

export async function ingest() {
  // Every statement the server sends while the messages arrive over HTTP: a figure the machine's speed does not move.
  const counted = { on: false, all: 0, framing: 0 }
  const { server, url, call, close } = await startBenchDesk('ingest', {
    onStatement: ({ sql: text }) => {
      if (!counted.on) return
      counted.all++
      if (/^(begin|commit|savepoint|release)\b/i.test(text)) counted.framing++
    },
  })
  try {
    const account = { name: 'Bench Admin', email: 'bench@desk.test', password: 'bench-password' }
    await call('POST', '/api/auth/signup', account)
    const { token } = await call<{ token: string }>('POST', '/api/auth/login', account)
    const { id } = await call<{ id: number }>('POST', '/api/whatsapp', { name: 'Bench line' }, token)
    await call('POST', `/api/simulator/${id}/scan`, undefined, token)
    const driver = server.services.sessions.get(id) as SimulatorDriver

    // Warm up the statement cache and the JIT on a few customers outside the measured range.
    await pool(200, CONCURRENCY, (i) => driver.receive(messageOf('99', i)))

    const before = await httpFloor(url)
    const service = await measure(() => pool(MESSAGES, CONCURRENCY, (i) => driver.receive(messageOf('11', i))))
    counted.on = true
    const http = await measure(() =>
      httpLoad({ url, token, id, messages: MESSAGES, contacts: CONTACTS, concurrency: CONCURRENCY }),
    )
    counted.on = false
    const after = await httpFloor(url)

    const stored = await server.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const tickets = await server.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    console.log(`  ${MESSAGES} messages from ${CONTACTS} customers each way, ${CONCURRENCY} in flight`)
    report('service layer:', service)
    report('over HTTP:    ', http)
    console.log(
      `  over HTTP, statements a message ${((counted.all - counted.framing) / MESSAGES).toFixed(2)} (the same on any machine), besides ${(counted.framing / MESSAGES).toFixed(2)} begin, commit and savepoint (as many as messages shared commits)`,
    )
    // The floor before and after the load: requests one at a time to a constant route. The ingest
    // rate over HTTP as a share of it says how much of the machine's HTTP capacity a message costs.
    for (const floor of [before, after]) printFloor(floor)
    const floorRate = (before.perSecond + after.perSecond) / 2
    console.log(
      `  over HTTP, as a multiple of the floor's sequential rate (${Math.round(floorRate)}/s): ×${(rate(MESSAGES, http.ms) / floorRate).toFixed(2)}`,
    )
    console.log(`  stored: ${stored.n} messages in ${tickets.n} tickets`)
  } finally {
    await close()
  }
}
