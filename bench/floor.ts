/**
 * The machine's floor, measured in the same run as the figures beside it, so that figures taken on a
 * busy machine can be compared with figures taken on a quiet one: the ratio to the floor moves far
 * less than the figure itself.
 * - HTTP: `GET /api/health` over one kept-alive connection (a constant answer after `select 1`),
 *   the least a request to this server can cost;
 * - a database: one row read by its primary key through the query layer, in the server's process.
 */
import http from 'node:http'
import { type Db, sql } from '../packages/server/src/db'

const HTTP_REQUESTS = 300
const ROW_READS = 1_000

export interface Floor {
  /** What was measured ('HTTP constant route', 'SQLite one row' …). */
  label: string
  p50: number
  p95: number
  /** Sequential operations a second (1,000 / mean ms). */
  perSecond: number
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!

const summary = (label: string, times: number[]): Floor => {
  const sorted = [...times].sort((a, b) => a - b)
  const mean = times.reduce((sum, t) => sum + t, 0) / times.length
  return { label, p50: percentile(sorted, 0.5), p95: percentile(sorted, 0.95), perSecond: 1000 / mean }
}

/** `GET /api/health`, sequentially over one kept-alive connection. */
export const httpFloor = async (url: string, requests = HTTP_REQUESTS): Promise<Floor> => {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
  const get = () =>
    new Promise<void>((resolve, reject) => {
      const req = http.get(`${url}/api/health`, { agent }, (res) => {
        res.resume()
        res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`health: ${res.statusCode}`))))
      })
      req.once('error', reject)
    })
  try {
    for (let i = 0; i < 20; i += 1) await get()
    const times: number[] = []
    for (let i = 0; i < requests; i += 1) {
      const started = performance.now()
      await get()
      times.push(performance.now() - started)
    }
    return summary('HTTP constant route', times)
  } finally {
    agent.destroy()
  }
}

/** One ticket row by its primary key, `reads` times in a row (ids spread over the table). */
export const rowFloor = async (db: Db, label: string, reads = ROW_READS): Promise<Floor> => {
  const { rows } = await sql<{ n: number | string | null }>`select max(id) as n from tickets`.execute(db)
  const max = Math.max(1, Number(rows[0]?.n ?? 1))
  const read = (id: number) => sql`select id, status, "updatedAt" from tickets where id = ${id}`.execute(db)
  for (let i = 0; i < 50; i += 1) await read(1 + (i % max))
  const times: number[] = []
  for (let i = 0; i < reads; i += 1) {
    const started = performance.now()
    await read(1 + ((i * 7919) % max))
    times.push(performance.now() - started)
  }
  return summary(`${label} one row`, times)
}

const ms = (value: number) => (value < 1 ? `${(value * 1000).toFixed(0)} µs` : `${value.toFixed(2)} ms`)

/** One line per floor: `floor: HTTP constant route p50 … p95 … (… /s)`. */
export const printFloor = (floor: Floor) =>
  console.log(
    `  floor: ${floor.label.padEnd(20)} p50 ${ms(floor.p50).padStart(8)}  p95 ${ms(floor.p95).padStart(8)}  (${Math.round(floor.perSecond).toLocaleString('en')}/s)`,
  )

/** A figure as a multiple of its floor (`12.3`). */
export const timesFloor = (value: number, floor: number) => (value / floor).toFixed(1)
