/**
 * Outreach jobs on a real server (temporary SQLite data folder), the simulator as the network:
 * - throughput of a 5,000-recipient bulk text job with zero interval (messages/s);
 * - time to create a 100,000-recipient job (`POST /api/zdg` until its 202);
 * - how long a read of the job takes while it sends (median and slowest);
 * - the server's memory while that job runs (heap after a full collection, and RSS, above the level
 *   before it was created, sampled every second; target < 50 MB). For this part the simulator keeps no outbox (a network that only answers ids),
 *   so the figure is the server's own, not the simulator's record of 100,000 messages.
 * Figures only: nothing here fails on timing.
 */
import { randomBytes } from 'node:crypto'
import v8 from 'node:v8'
import vm from 'node:vm'
import type { Job } from '../packages/api-client/src/contract'
import type { SimulatorDriver } from '../packages/server/src/drivers/simulator'
import { startBenchDesk } from './desk'

const THROUGHPUT_RECIPIENTS = 5_000
const BIG_JOB = 100_000
/** The memory run stops after this long (the job is cancelled), whatever it reached. */
const MEMORY_RUN_MS = 30_000
const MEMORY_TARGET_MB = 50

v8.setFlagsFromString('--expose-gc')
/** A full collection, so the heap figure is what the server keeps, not garbage not yet collected. */
const gc = vm.runInNewContext('gc') as () => void

/** Median and slowest of some durations, in ms. */
const readFigures = (ms: number[]) => {
  const sorted = [...ms].sort((a, b) => a - b)
  return `median ${Math.round(sorted[sorted.length >> 1] ?? 0)} ms, slowest ${Math.round(sorted.at(-1) ?? 0)} ms (${sorted.length} reads)`
}
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
const numbers = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(8, '0')}`).join('\n')

export const outreachJobs = async () => {
  const desk = await startBenchDesk('outreach')
  try {
    const { call } = desk
    const { token } = await call<{ token: string }>('POST', '/api/auth/signup', {
      name: 'Bench',
      email: 'bench@desk.test',
      password: 'bench-pass',
    }).then(() =>
      call<{ token: string }>('POST', '/api/auth/login', { email: 'bench@desk.test', password: 'bench-pass' }),
    )
    const { id: connectionId } = await call<{ id: number }>('POST', '/api/whatsapp', { name: 'Bench line' }, token)
    await call('POST', `/api/simulator/${connectionId}/scan`, undefined, token)
    const body = (list: string) => ({
      ticketwhatsappId: connectionId,
      numbers: list,
      message: 'Bench',
      minInterval: 0,
      maxInterval: 0,
    })
    /** How long each read of the job took (the API's answers while the job sends). */
    let reads: number[] = []
    const waitFor = async (id: number, done: (job: Job) => boolean, limitMs: number) => {
      const until = Date.now() + limitMs
      for (;;) {
        const asked = performance.now()
        const job = await call<Job>('GET', `/api/jobs/${id}`, undefined, token)
        reads.push(performance.now() - asked)
        if (done(job) || Date.now() > until) return job
        await sleep(100)
      }
    }

    const started = performance.now()
    reads = []
    const small = await call<Job>('POST', '/api/zdg', body(numbers('55119', THROUGHPUT_RECIPIENTS)), token)
    const finished = await waitFor(small.id, (j) => j.status === 'done', 300_000)
    const seconds = (performance.now() - started) / 1000
    console.log(
      `  throughput, zero interval: ${Math.round(finished.sent / seconds)} messages/s (${finished.sent} of ${THROUGHPUT_RECIPIENTS} in ${seconds.toFixed(1)} s)`,
    )
    console.log(`  reading the job while it sends: ${readFigures(reads)}`)

    const driver = desk.server.services.sessions.get(connectionId) as SimulatorDriver
    driver.sendText = async () => ({ providerMessageId: `BENCH${randomBytes(8).toString('hex')}`, ack: 1 })
    const big = numbers('55219', BIG_JOB)
    gc()
    const before = process.memoryUsage()
    const createStarted = performance.now()
    const job = await call<Job>('POST', '/api/zdg', body(big), token)
    console.log(
      `  create a ${BIG_JOB.toLocaleString('en')}-recipient job: ${Math.round(performance.now() - createStarted)} ms`,
    )
    let peakHeap = 0
    let peakRss = 0
    const sampler = setInterval(() => {
      gc()
      const now = process.memoryUsage()
      peakHeap = Math.max(peakHeap, now.heapUsed - before.heapUsed)
      peakRss = Math.max(peakRss, now.rss - before.rss)
    }, 1000)
    const runStarted = performance.now()
    reads = []
    const reached = await waitFor(job.id, (j) => j.status === 'done', MEMORY_RUN_MS)
    const runSeconds = (performance.now() - runStarted) / 1000
    clearInterval(sampler)
    if (reached.status !== 'done') await call('PUT', `/api/jobs/${job.id}`, { action: 'cancel' }, token)
    console.log(
      `  while it ran: ${reached.sent.toLocaleString('en')} sent in ${runSeconds.toFixed(1)} s (${Math.round(reached.sent / runSeconds)} messages/s), ` +
        `memory above the level before it: heap ${mb(peakHeap)} MB, RSS ${mb(peakRss)} MB (target < ${MEMORY_TARGET_MB} MB)`,
    )
    console.log(`  reading the job while it sends: ${readFigures(reads)}`)
  } finally {
    await desk.close()
  }
}
