import type { AddressInfo } from 'node:net'
import { Id } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import { composeDesk } from './compose'
import {
  AUTO_CLOSE_INTERVAL_MS,
  DEFAULT_AUTO_CLOSE_HOURS,
  DEFAULT_EMBED_DIR,
  DEFAULT_HOST,
  DEFAULT_PORT,
  DEFAULT_TEMPLATE_SYNC_MINUTES,
  RATE_LIMIT_SWEEP_MS,
  resolveJwtSecret,
} from './config'
import { type Database, migrateToLatest, openDatabase } from './db'
import { missingTrigramIndexes } from './db/postgres'
import { createHttpApp, registerApi } from './http/app'
import { registerEmbed } from './http/embed'
import { secureSocketAnswers } from './http/security-headers'
import type { Services } from './http/services'
import { scheduleAutoClose } from './jobs/auto-close'
import { scheduleTemplatesSync } from './jobs/templates-sync'
import { createFrameOrigins } from './modules/settings/frame-origins'
import { actorCanRead } from './modules/tickets/access'
import { findTicket } from './modules/tickets/repository'
import { widgetRooms } from './modules/widget/rooms'
import { createRoomAuthorizer, type RoomAuthorizer, topics } from './realtime/rooms'
import { shareRoomsThroughRedis } from './realtime/shared-rooms'
import { attachSocketHandlers, createIo, type DeskIo } from './realtime/socket'
import type { ServerConfig } from './server-config'

export type { PlainServerConfig } from './config'
export { configFromEnv } from './config'
export { AppError } from './http/errors'
export type { LoginRateLimit, SendRateLimit, SignupRateLimit } from './modules/rate-limits/service'
export type { ServerConfig } from './server-config'

export interface DeskServer {
  app: FastifyInstance
  io: DeskIo
  db: Database['db']
  database: Database
  services: Services
  rooms: RoomAuthorizer
  /** Applies pending migrations, restores connected sessions and starts the jobs (once). */
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
  const database = openDatabase({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onStatement: config.onStatement,
  })

  const frameOrigins = createFrameOrigins(database.db)
  const app = createHttpApp({
    logger: config.logger,
    trustProxy: config.trustProxy,
    staticDir: config.staticDir,
    contentSecurity: { ...config.contentSecurity, frameOrigins },
  })
  const io = createIo(app.server)
  secureSocketAnswers(app.server, `${io.path()}/`, config.contentSecurity)
  const stopSharingRooms = config.jobs?.redisUrl
    ? shareRoomsThroughRedis(io, {
        redisUrl: config.jobs.redisUrl,
        prefix: config.jobs.redisPrefix,
        ...config.liveEvents,
        warn: (message) => app.log.warn(message),
        info: (message) => app.log.info(message),
      })
    : () => {}
  const desk = composeDesk({ config, app, io, database, secret, frameOrigins })
  const { services } = desk
  const { auth, db } = services
  registerApi(app, services)
  registerEmbed(app, { embedDir: config.embedDir ?? DEFAULT_EMBED_DIR, widget: services.widget })
  const authorizer = createRoomAuthorizer().define('chatBox', {
    arg: Id,
    room: topics.chatBox,
    authorize: async (actor, ticketId) => {
      const ticket = await findTicket(db, ticketId)
      return Boolean(ticket && (await actorCanRead(db, actor, ticket)))
    },
  })
  attachSocketHandlers(io, {
    auth,
    db,
    authorizer,
    widget: async (token) => {
      const caller = await services.widget.caller(token)
      return { rooms: [...caller.rooms, widgetRooms.connection(caller.connection.id)], endsAt: caller.endsAt }
    },
    deskPresence: desk.widgetPresence.changed,
  })
  let sweeper: NodeJS.Timeout | undefined

  app.addHook('preClose', async () => {
    io.local.disconnectSockets(true)
  })
  app.addHook('onClose', async () => {
    await new Promise<void>((resolve) => io.close(() => resolve()))
    stopSharingRooms()
  })

  let migrated: Promise<void> | undefined
  const ready = () => {
    migrated ??= migrateToLatest(database.db).then(async () => {
      if (database.dialect === 'postgres' && (await missingTrigramIndexes(database.db)).length) {
        app.log.warn(
          'PostgreSQL search runs without trigram indexes (the pg_trgm extension could not be installed): searches read every row; see the server README',
        )
      }
      await desk.sessions.restore()
      await desk.outreach.engine.start()
      await desk.mail.start()
      await desk.botDispatch.start()
      services.inbound.start()
      await scheduleAutoClose(desk.work, {
        hours: config.autoCloseHours ?? DEFAULT_AUTO_CLOSE_HOURS,
        intervalMs: config.autoCloseIntervalMs ?? AUTO_CLOSE_INTERVAL_MS,
        closeIdle: (hours) => desk.tickets.closeIdle(hours),
      })
      await scheduleTemplatesSync(desk.work, {
        intervalMs: (config.templateSyncMinutes ?? DEFAULT_TEMPLATE_SYNC_MINUTES) * 60_000,
        syncAll: () => services.templates.syncAll((error, message) => app.log.warn({ err: error }, message)),
      })
      await desk.work.start()
      sweeper = setInterval(() => {
        desk.rateLimits.sweep().catch((error) => app.log.warn({ err: error }, 'rate-limit sweep failed'))
      }, RATE_LIMIT_SWEEP_MS)
      sweeper.unref()
    })
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
      clearInterval(sweeper)
      desk.widgetPresence.stop()
      await desk.work.stop()
      await desk.outreach.stop()
      await desk.mail.stop()
      await desk.botDispatch.stop()
      await services.inbound.stop()
      await desk.sessions.stopAll()
      await app.close()
      desk.simulatorNetwork.close()
      await database.destroy()
    },
  }
}
