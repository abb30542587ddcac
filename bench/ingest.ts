/**
 * Inbound ingest through the simulator driver against a real server on a temporary SQLite
 * data folder: 5,000 messages from 500 customers, once straight into the driver (the service
 * layer, no HTTP) and once through `POST /api/simulator/:id/inbound`. Target: ≥ 1,000 messages/s.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { createServer } from '@desk/server'
import type { SimulatorDriver } from '../packages/server/src/drivers/simulator'

const TARGET_PER_SECOND = 1_000
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
 * The HTTP load runs in a worker thread, as callers on other machines would: the server's
 * event loop then does only the server's work. Answers the elapsed milliseconds.
 */
const CLIENT = `
const { parentPort, workerData: { url, token, id, messages, contacts, concurrency } } = require('node:worker_threads')
let next = 0
const send = async (i) => {
  const res = await fetch(url + '/api/simulator/' + id + '/inbound', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer ' + token },
    body: JSON.stringify({
      from: '5521' + String(i % contacts).padStart(8, '0'),
      name: 'Customer ' + (i % contacts),
      body: 'Message ' + i + ' about order #' + (1000 + i),
    }),
  })
  if (!res.ok) throw new Error('inbound: ' + res.status + ' ' + (await res.text()))
  await res.arrayBuffer()
}
const worker = async () => { while (next < messages) await send(next++) }
const started = performance.now()
Promise.all(Array.from({ length: concurrency }, worker)).then(
  () => parentPort.postMessage({ ms: performance.now() - started }),
  (error) => parentPort.postMessage({ error: String(error) }),
)
`

const httpLoad = (workerData: Record<string, unknown>) =>
  new Promise<number>((resolve, reject) => {
    const worker = new Worker(CLIENT, { eval: true, workerData })
    worker.once('message', (answer: { ms?: number; error?: string }) => {
      void worker.terminate()
      if (answer.error) reject(new Error(answer.error))
      else resolve(answer.ms ?? 0)
    })
    worker.once('error', reject)
  })

export async function ingest() {
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-ingest-'))
  const server = createServer({ dataDir, port: 0, host: '127.0.0.1', autoCloseHours: 0, simulator: { qrRefreshMs: 0 } })
  try {
    const { url } = await server.listen()
    const call = async <T>(method: string, path: string, body?: unknown, token?: string) => {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: body !== undefined ? JSON.stringify(body) : undefined,
      })
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
      return (await res.json()) as T
    }
    const account = { name: 'Bench Admin', email: 'bench@desk.test', password: 'bench-password' }
    await call('POST', '/api/auth/signup', account)
    const { token } = await call<{ token: string }>('POST', '/api/auth/login', account)
    const { id } = await call<{ id: number }>('POST', '/api/whatsapp', { name: 'Bench line' }, token)
    await call('POST', `/api/simulator/${id}/scan`, undefined, token)
    const driver = server.services.sessions.get(id) as SimulatorDriver

    // Warm up the statement cache and the JIT on a few customers outside the measured range.
    await pool(200, CONCURRENCY, (i) => driver.receive(messageOf('99', i)))

    const started = performance.now()
    await pool(MESSAGES, CONCURRENCY, (i) => driver.receive(messageOf('11', i)))
    const serviceMs = performance.now() - started

    const httpMs = await httpLoad({ url, token, id, messages: MESSAGES, contacts: CONTACTS, concurrency: CONCURRENCY })

    const stored = await server.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    const tickets = await server.db
      .selectFrom('tickets')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow()
    console.log(`  ${MESSAGES} messages from ${CONTACTS} customers each way, ${CONCURRENCY} in flight`)
    console.log(
      `  service layer: ${rate(MESSAGES, serviceMs)} messages/s (${(serviceMs / 1000).toFixed(2)} s; target ≥ ${TARGET_PER_SECOND})`,
    )
    console.log(
      `  over HTTP:     ${rate(MESSAGES, httpMs)} messages/s (${(httpMs / 1000).toFixed(2)} s; target ≥ ${TARGET_PER_SECOND})`,
    )
    console.log(`  stored: ${stored.n} messages in ${tickets.n} tickets`)
  } finally {
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
