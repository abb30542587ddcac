import { existsSync } from 'node:fs'
import path from 'node:path'
import { configFromEnv } from './config'
import { createServer } from './index'

/**
 * Starts the desk: PORT (8080), HOST (0.0.0.0), DATA_DIR (./data), DATABASE_URL (PostgreSQL;
 * SQLite in DATA_DIR otherwise), APP_DIST (the built app), JWT_SECRET, TRUST_PROXY (hops or proxy addresses), LOG_LEVEL,
 * AUTO_CLOSE_HOURS (24; open tickets idle longer are closed, 0 turns it off).
 */
const main = async () => {
  const config = configFromEnv()
  if (config.staticDir && !existsSync(path.join(config.staticDir, 'index.html'))) {
    console.warn(`The app is not built (${config.staticDir} has no index.html); serving the API only.`)
  }
  const server = createServer(config)
  const { url } = await server.listen().catch(async (error) => {
    await server.close().catch(() => {})
    throw error
  })
  console.log(`LimeDesk is running at ${url} (data: ${server.database.target})`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    console.log(`${signal} received, shutting down`)
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    try {
      await server.close()
      process.exit(0)
    } catch (error) {
      console.error(error)
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
