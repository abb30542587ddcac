/**
 * A bulk media job by URL on a real server (temporary SQLite data folder), the simulator as the
 * network, the file served from 127.0.0.1: a 4 MB image to 2,000 numbers with zero interval.
 * Prints the throughput, how many times the file was fetched (target: once per job) and the
 * server's heap and buffers above the level before the job (after a full collection, sampled every
 * second; the file should be held once, not once per recipient). Figures only.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import v8 from 'node:v8'
import vm from 'node:vm'
import type { Job } from '../packages/api-client/src/contract'
import { startBenchDesk } from './desk'

const RECIPIENTS = 2_000
const FILE_BYTES = 4 * 1024 * 1024

v8.setFlagsFromString('--expose-gc')
const gc = vm.runInNewContext('gc') as () => void
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A PNG signature and header, then filler: type detection reads the first bytes only. */
const image = Buffer.concat([
  Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c489', 'hex'),
  Buffer.alloc(FILE_BYTES, 7),
])

export const outreachMedia = async () => {
  let fetches = 0
  const files = http.createServer((_req, res) => {
    fetches += 1
    res.writeHead(200, { 'content-length': image.length }).end(image)
  })
  await new Promise<void>((resolve) => files.listen(0, '127.0.0.1', resolve))
  const { port } = files.address() as AddressInfo
  const desk = await startBenchDesk('outreach-media', { outreach: { allowPrivateUrls: true, maxBytes: 16 << 20 } })
  try {
    const { call } = desk
    await call('POST', '/api/auth/signup', { name: 'Bench', email: 'bench@desk.test', password: 'bench-pass' })
    const { token } = await call<{ token: string }>('POST', '/api/auth/login', {
      email: 'bench@desk.test',
      password: 'bench-pass',
    })
    const { id: connectionId } = await call<{ id: number }>('POST', '/api/whatsapp', { name: 'Bench line' }, token)
    await call('POST', `/api/simulator/${connectionId}/scan`, undefined, token)
    const numbers = Array.from({ length: RECIPIENTS }, (_, i) => `55319${String(i).padStart(8, '0')}`).join('\n')
    gc()
    const before = process.memoryUsage()
    let peak = 0
    let peakBuffers = 0
    const sampler = setInterval(() => {
      gc()
      const now = process.memoryUsage()
      peak = Math.max(peak, now.heapUsed - before.heapUsed)
      peakBuffers = Math.max(peakBuffers, now.arrayBuffers - before.arrayBuffers)
    }, 1000)
    const started = performance.now()
    const job = await call<Job>(
      'POST',
      '/api/sendMedia',
      {
        ticketwhatsappId: connectionId,
        numbers,
        url: `http://127.0.0.1:${port}/promo.png`,
        title: 'Bench',
        minInterval: 0,
        maxInterval: 0,
      },
      token,
    )
    let done = job
    while (done.status !== 'done' && performance.now() - started < 300_000) {
      await sleep(100)
      done = await call<Job>('GET', `/api/jobs/${job.id}`, undefined, token)
    }
    clearInterval(sampler)
    const seconds = (performance.now() - started) / 1000
    console.log(
      `  ${mb(image.length)} MB image to ${RECIPIENTS.toLocaleString('en')} numbers: ${done.sent} sent in ${seconds.toFixed(1)} s ` +
        `(${Math.round(done.sent / seconds)} messages/s), fetched ${fetches} time(s) (target 1), ` +
        `above the level before it at most: heap ${mb(peak)} MB, buffers ${mb(peakBuffers)} MB`,
    )
  } finally {
    await desk.close()
    await new Promise<void>((resolve) => files.close(() => resolve()))
  }
}
