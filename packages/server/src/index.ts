import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { Id } from '@desk/api-client'
import type { FastifyInstance } from 'fastify'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  AUTO_CLOSE_INTERVAL_MS,
  DEFAULT_AUTO_CLOSE_HOURS,
  DEFAULT_EMBED_DIR,
  DEFAULT_HOST,
  DEFAULT_LOGIN_RATE_LIMIT,
  DEFAULT_PORT,
  DEFAULT_SEND_RATE_LIMIT,
  DEFAULT_SIGNUP_RATE_LIMIT,
  DEFAULT_WIDGET_RATE_LIMIT,
  outreachConfigOf,
  RATE_LIMIT_SWEEP_MS,
  REFRESH_TOKEN_TTL_SECONDS,
  resolveJwtSecret,
  type ServerConfig,
} from './config'
import { type Database, migrateToLatest, openDatabase } from './db'
import { missingTrigramIndexes } from './db/postgres'
import { createCloudApiDriver } from './drivers/cloud-api'
import { createSimulatorDriver } from './drivers/simulator'
import { lazySimulatorNetwork } from './drivers/simulator-network'
import { createWebSessionDriver } from './drivers/web-session/driver'
import { createWebChatDriver } from './drivers/webchat'
import { createHttpApp, registerApi } from './http/app'
import { registerEmbed } from './http/embed'
import type { Services } from './http/services'
import { startAutoClose } from './jobs/auto-close'
import { createAuthService } from './modules/auth/service'
import { type BotDispatch, createBotDispatch } from './modules/bots/dispatch'
import { createBotsService } from './modules/bots/service'
import { createConnectionsService } from './modules/connections/service'
import { createSessionManager } from './modules/connections/sessions'
import { createContactsBulkService } from './modules/contacts/bulk'
import { createNumberCheck } from './modules/contacts/default-driver'
import { createContactsService } from './modules/contacts/service'
import { createDashboardService } from './modules/dashboard/service'
import { createInboundService, type InboundService } from './modules/inbound/service'
import { createKanbanService } from './modules/kanban/service'
import { createMailService } from './modules/mail/service'
import { createMediaStore } from './modules/media/store'
import { createMessagesService, type MessagesService } from './modules/messages/service'
import { createOutreach } from './modules/outreach'
import { createOutreachInputs } from './modules/outreach-inputs/service'
import { ticketOfProtocol } from './modules/protocol/repository'
import { createProtocolService } from './modules/protocol/service'
import { createQueuesService } from './modules/queues/service'
import { createQuickAnswersService } from './modules/quick-answers/service'
import { createRateLimiter } from './modules/rate-limits/limiter'
import { createDatabaseRateLimitStore } from './modules/rate-limits/repository'
import { createRateLimits } from './modules/rate-limits/service'
import { createSettingsService } from './modules/settings/service'
import { createSimulatorService } from './modules/simulator/service'
import { createTagsService } from './modules/tags/service'
import { actorCanSee } from './modules/tickets/access'
import { findTicket } from './modules/tickets/repository'
import { createTicketsService } from './modules/tickets/service'
import { createUsersService } from './modules/users/service'
import { createWebhooksService } from './modules/webhooks/service'
import { createWidgetContext } from './modules/widget/caller'
import { createWidgetConversation } from './modules/widget/conversation'
import { createOfflineMail, type OfflineMail } from './modules/widget/offline-mail'
import { widgetRooms } from './modules/widget/rooms'
import { createWidgetService } from './modules/widget/service'
import { createWidgetTokens } from './modules/widget/tokens'
import { createRoomAuthorizer, type RoomAuthorizer, topics } from './realtime/rooms'
import { shareRoomsThroughRedis, socketsIn } from './realtime/shared-rooms'
import { attachSocketHandlers, createIo, createSocketPublisher, type DeskIo } from './realtime/socket'
import { createWidgetPresence, createWidgetRelay } from './realtime/widget'

export type { LoginRateLimit, SendRateLimit, ServerConfig, SignupRateLimit } from './config'
export { configFromEnv } from './config'
export { AppError } from './http/errors'

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
  const database = openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })

  const app = createHttpApp({
    logger: config.logger,
    trustProxy: config.trustProxy,
    staticDir: config.staticDir,
    contentSecurity: config.contentSecurity,
  })
  const io = createIo(app.server)
  const stopSharingRooms = config.jobs?.redisUrl
    ? shareRoomsThroughRedis(io, {
        redisUrl: config.jobs.redisUrl,
        prefix: config.jobs.redisPrefix,
        warn: (message) => app.log.warn(message),
      })
    : () => {}
  const media = createMediaStore({ dataDir: config.dataDir, secret, publicUrl: config.publicUrl })
  const logError = (error: unknown) => app.log.error({ err: error }, 'widget socket relay failed')
  let offlineMail: OfflineMail | undefined
  const widgetRelay = createWidgetRelay({
    db: database.db,
    io,
    mediaUrl: (p) => media.signedUrl(p),
    log: logError,
    agentReplied: () => offlineMail,
  })
  const widgetPresence = createWidgetPresence({ db: database.db, io, log: logError })
  const publisher = widgetRelay.wrap(createSocketPublisher(io))
  const rateLimits = createRateLimits(createRateLimiter(createDatabaseRateLimitStore(database.db)), {
    login: { ...DEFAULT_LOGIN_RATE_LIMIT, ...config.loginRateLimit },
    signup: { ...DEFAULT_SIGNUP_RATE_LIMIT, ...config.signupRateLimit },
    send: { ...DEFAULT_SEND_RATE_LIMIT, ...config.sendRateLimit },
    widget: { ...DEFAULT_WIDGET_RATE_LIMIT, ...config.widgetRateLimit },
  })
  const refreshTtlSeconds = config.refreshTokenTtlSeconds ?? REFRESH_TOKEN_TTL_SECONDS
  const auth = createAuthService({
    db: database.db,
    secret,
    loginLimits: rateLimits.login,
    publisher,
    accessTtlSeconds: config.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds,
  })
  const db = database.db
  const simulatorNetwork = lazySimulatorNetwork(config.dataDir)
  // Sessions hand what drivers receive to the inbound flow and the message acks, built below.
  let inbound: InboundService | undefined
  let messages: MessagesService | undefined
  const sessions = createSessionManager({
    db,
    publisher,
    dataDir: config.dataDir,
    factories: {
      simulator: createSimulatorDriver({ ...config.simulator, network: simulatorNetwork }),
      'cloud-api': createCloudApiDriver({ baseUrl: config.cloudApiBaseUrl }),
      webchat: createWebChatDriver(),
      'web-session': createWebSessionDriver({
        log: (error, message) => app.log.error({ err: error }, message),
        ...config.webSession,
      }),
    },
    handlers: {
      inbound: (connectionId, message) => inbound!.ingest(connectionId, message),
      ack: (connectionId, providerMessageId, ack) => messages!.applyAck(connectionId, providerMessageId, ack),
      failed: (connectionId, providerMessageId) => messages!.applyFailure(connectionId, providerMessageId),
    },
    log: (error, message) => app.log.error({ err: error }, message),
  })
  let botDispatch: BotDispatch | undefined
  messages = createMessagesService({
    db,
    publisher,
    sessions,
    media,
    readFile,
    onAgentMessage: (ticket, userId) => botDispatch!.agentReplied(ticket, userId),
  })
  const contacts = createContactsService({ db, publisher, checkNumber: createNumberCheck(db, sessions) })
  const outreachInputs = createOutreachInputs(outreachConfigOf(config), {
    db,
    driverOf: (id) => sessions.get(id),
    contacts,
    publisher,
  })
  const outreach = createOutreach({
    db,
    sessions,
    publisher,
    inputs: outreachInputs,
    dataDir: config.dataDir,
    log: (error, message) => app.log.error({ err: error }, message),
    warn: (message) => app.log.warn(message),
    countSend: rateLimits.send,
    options: config.jobs,
  })
  inbound = createInboundService({
    db,
    publisher,
    contacts,
    messages,
    media,
    onStored: async (_connectionId, message, stored) => {
      await outreach.optOuts.noteInbound(message)
      await botDispatch!
        .inbound(stored, message.body)
        .catch((error) => app.log.error({ err: error }, 'bot inbound failed'))
    },
  })
  const bots = createBotsService({ db, publisher })
  const inputsConfig = outreachConfigOf(config)
  botDispatch = createBotDispatch({
    db,
    bots,
    messages,
    media,
    inputs: outreachInputs,
    policy: { allowPrivate: inputsConfig.allowPrivateUrls, allowAddresses: inputsConfig.allowAddresses },
    log: (error, message) => app.log.error({ err: error }, message),
    options: config.bots,
  })
  const mail = createMailService({
    db,
    env: config.mail ?? {},
    options: config.mail?.sender,
    log: (error, message) => app.log.error({ err: error }, message),
  })
  const tickets = createTicketsService({
    db,
    publisher,
    messages,
    onClosed: mail.ticketClosed,
    protocolTicket: (text) => ticketOfProtocol(db, text),
  })
  const connections = createConnectionsService({
    db,
    publisher,
    hooks: {
      // A new connection opens its session at once, so its QR code shows up.
      created: async (id) => {
        await sessions.start(id).catch((error) => app.log.warn({ err: error }, `session ${id} did not start`))
      },
      configChanged: (id) => sessions.reload(id),
      removing: (id) => sessions.remove(id),
    },
  })
  offlineMail = createOfflineMail({
    db,
    visitorOnline: async (room) => (await socketsIn(io, room)).length > 0,
    enqueue: mail.enqueue,
    due: rateLimits.widget.mailDue,
  })
  const quickAnswers = createQuickAnswersService({ db, publisher })
  const widgetContext = createWidgetContext({
    db,
    tokens: createWidgetTokens(secret),
    publisher,
    sessions,
    messages,
    media,
    quickAnswers,
    rateLimits,
    presence: widgetPresence,
  })
  const services: Services = {
    database,
    db,
    auth,
    users: createUsersService({ db, publisher }),
    settings: createSettingsService({ db, publisher }),
    connections,
    sessions,
    contacts,
    contactsBulk: createContactsBulkService({ db, publisher, sessions }),
    queues: createQueuesService({ db, publisher }),
    quickAnswers,
    tags: createTagsService({ db, publisher }),
    dashboard: createDashboardService({ db }),
    tickets,
    messages,
    media,
    rateLimits,
    simulator: createSimulatorService({ db, sessions, network: simulatorNetwork }),
    webhooks: createWebhooksService({ db, sessions }),
    outreachInputs,
    outreach,
    protocol: createProtocolService({ db, messages, tickets }),
    mail,
    kanban: createKanbanService({ db, publisher, messages }),
    bots,
    botDispatch,
    widget: createWidgetService(widgetContext),
    widgetConversation: createWidgetConversation(widgetContext),
    refreshTtlSeconds,
  }
  registerApi(app, services)
  registerEmbed(app, { embedDir: config.embedDir ?? DEFAULT_EMBED_DIR, widget: services.widget })
  const authorizer = createRoomAuthorizer().define('chatBox', {
    arg: Id,
    room: topics.chatBox,
    authorize: async (actor, ticketId) => {
      const ticket = await findTicket(db, ticketId)
      return Boolean(ticket && (await actorCanSee(db, actor, ticket)))
    },
  })
  attachSocketHandlers(io, {
    auth,
    db,
    authorizer,
    widget: async (token) => {
      const caller = await services.widget.caller(token)
      return { rooms: [caller.room, widgetRooms.connection(caller.connection.id)], endsAt: caller.endsAt }
    },
    deskPresence: widgetPresence.changed,
  })
  let stopAutoClose = () => {}
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
      await sessions.restore()
      await outreach.engine.start()
      mail.start()
      botDispatch!.start()
      stopAutoClose = startAutoClose({
        hours: config.autoCloseHours ?? DEFAULT_AUTO_CLOSE_HOURS,
        intervalMs: config.autoCloseIntervalMs ?? AUTO_CLOSE_INTERVAL_MS,
        closeIdle: tickets.closeIdle,
        log: (error) => app.log.error({ err: error }, 'auto-close failed'),
      })
      sweeper = setInterval(() => {
        rateLimits.sweep().catch((error) => app.log.warn({ err: error }, 'rate-limit sweep failed'))
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
      widgetPresence.stop()
      stopAutoClose()
      await outreach.stop()
      await mail.stop()
      await botDispatch!.stop()
      await sessions.stopAll()
      await app.close()
      simulatorNetwork.close()
      await database.destroy()
    },
  }
}
