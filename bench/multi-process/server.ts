/**
 * One desk process of the multi-process run, configured from the environment as `npm start` is
 * (PORT, DATA_DIR, DATABASE_URL, REDIS_URL, LOG_LEVEL …), with two additions for the run: its Redis keys
 * and channels under `MP_REDIS_PREFIX`, apart from anyone else's on the same Redis, and simulator
 * QR codes that never expire (the run scans them through the load balancer, which may take a few tries).
 */
import { configFromEnv, createServer } from '@desk/server'

const config = configFromEnv()
config.jobs = { ...config.jobs, redisPrefix: process.env.MP_REDIS_PREFIX || undefined }
config.simulator = { qrRefreshMs: 0 }
const server = createServer(config)
const { url } = await server.listen()
console.log(`LimeDesk is running at ${url}`)

let stopping = false
const stop = async () => {
  if (stopping) return
  stopping = true
  setTimeout(() => process.exit(1), 10_000).unref()
  await server.close().catch((error) => console.error(error))
  process.exit(0)
}
process.on('SIGINT', () => void stop())
process.on('SIGTERM', () => void stop())
