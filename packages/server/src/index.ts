import type { AddressInfo } from 'node:net'
import type { FastifyInstance } from 'fastify'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_HOST,
  DEFAULT_LOGIN_RATE_LIMIT,
  DEFAULT_PORT,
  REFRESH_TOKEN_TTL_SECONDS,
  resolveJwtSecret,
  type ServerConfig,
} from './config'
import { type Database, migrateToLatest, openDatabase } from './db'
import { createHttpApp, registerApi, type Services } from './http/app'
import { LoginLimiter } from './modules/auth/rate-limit'
import { createAuthService } from './modules/auth/service'
import { createSettingsService } from './modules/settings/service'
import { createUsersService } from './modules/users/service'
import type { RoomAuthorizer } from './realtime/rooms'
import { attachSocketHandlers, createIo, createSocketPublisher, type DeskIo } from './realtime/socket'

export type { LoginRateLimit, ServerConfig } from './config'
export { configFromEnv } from './config'
export { AppError } from './http/errors'

export interface DeskServer {
  app: FastifyInstance
  io: DeskIo
  db: Database['db']
  database: Database
  services: Services
  rooms: RoomAuthorizer
  /** Applies pending migrations (once). */
  ready(): Promise<void>
  /** Migrates, then listens on the configured host and port. */
  listen(): Promise<{ url: string }>
  close(): Promise<void>
}

/**
 * Builds the desk: the database connection, the HTTP API, socket.io on the same server and
 * the static app. Nothing touches the network until `listen()`, which first applies pending
 * migrations (`ready()` does only that, for callers that do not listen).
 */
export const createServer = (config: ServerConfig): DeskServer => {
  const secret = resolveJwtSecret(config.dataDir, config.jwtSecret)
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })

  const app = createHttpApp({ logger: config.logger, trustProxy: config.trustProxy, staticDir: config.staticDir })
  const io = createIo(app.server)
  const publisher = createSocketPublisher(io)
  const limiter = new LoginLimiter({ ...DEFAULT_LOGIN_RATE_LIMIT, ...config.loginRateLimit })
  const refreshTtlSeconds = config.refreshTokenTtlSeconds ?? REFRESH_TOKEN_TTL_SECONDS
  const auth = createAuthService({
    db: database.db,
    secret,
    limiter,
    publisher,
    accessTtlSeconds: config.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds,
  })
  const services: Services = {
    database,
    auth,
    users: createUsersService({ db: database.db, publisher }),
    settings: createSettingsService({ db: database.db, publisher }),
    refreshTtlSeconds,
  }
  registerApi(app, services)
  const { authorizer } = attachSocketHandlers(io, { auth, db: database.db })

  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true)
  })
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()))
  })

  let migrated: Promise<void> | undefined
  const ready = () => {
    migrated ??= migrateToLatest(database.db).then(() => undefined)
    return migrated
  }
  let closed = false
  return {
    app,
    io,
    db: database.db,
    database,
    services,
    rooms: authorizer,
    ready,
    async listen() {
      await ready()
      const host = config.host ?? DEFAULT_HOST
      await app.listen({ port: config.port ?? DEFAULT_PORT, host })
      const { port } = app.server.address() as AddressInfo
      const shownHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host.includes(':') ? `[${host}]` : host
      return { url: `http://${shownHost}:${port}` }
    },
    async close() {
      if (closed) return
      closed = true
      limiter.dispose()
      await app.close()
      await database.destroy()
    },
  }
}
