import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { FastifyInstance } from 'fastify'
import {
  ACCESS_TOKEN_TTL_SECONDS,
  DEFAULT_LOGIN_RATE_LIMIT,
  DEFAULT_REFRESH_GRACE_SECONDS,
  DEFAULT_SEND_RATE_LIMIT,
  DEFAULT_SIGNUP_RATE_LIMIT,
  DEFAULT_WIDGET_RATE_LIMIT,
  DEFAULT_WIDGET_UPLOAD_QUOTA,
  REFRESH_TOKEN_TTL_SECONDS,
  SESSION_CACHE_MS,
} from './config'
import type { Database } from './db'
import { createCloudApiDriver } from './drivers/cloud-api'
import { createInstagramDriver } from './drivers/instagram'
import { createSimulatorDriver } from './drivers/simulator'
import { lazySimulatorNetwork } from './drivers/simulator-network'
import { createTelephonyDriver } from './drivers/telephony'
import { createWebSessionDriver } from './drivers/web-session/driver'
import { createWebChatDriver } from './drivers/webchat'
import type { Services } from './http/services'
import { createDatabaseWork, createRedisWork } from './jobs/runtime'
import { createSessionLiveness } from './modules/auth/liveness'
import { createAuthService } from './modules/auth/service'
import { createBotDispatch } from './modules/bots/dispatch'
import { botKindsOf, botsOnOfMessage } from './modules/bots/repository'
import { createBotsService } from './modules/bots/service'
import { createChatService } from './modules/chat/service'
import { createConnectionsService } from './modules/connections/service'
import { createSessionManager, type SessionHandlers } from './modules/connections/sessions'
import { createContactsBulkService } from './modules/contacts/bulk'
import { createNumberCheck } from './modules/contacts/default-driver'
import { createContactsService } from './modules/contacts/service'
import { createDashboardService } from './modules/dashboard/service'
import { settingRead } from './modules/inbound/repository'
import { createInboundService } from './modules/inbound/service'
import { igsidOfContact } from './modules/instagram/repository'
import { createInstagramService } from './modules/instagram/service'
import { createKanbanService } from './modules/kanban/service'
import { createMailService } from './modules/mail/service'
import { createMediaStore } from './modules/media/store'
import { createMessagesService, type MessagesServiceDeps } from './modules/messages/service'
import { createOutreach } from './modules/outreach'
import { createConversationCopy } from './modules/outreach/conversation-copy'
import { STOP_WORDS_SETTING } from './modules/outreach/opt-outs'
import { createOutreachInputs, outreachConfigOf } from './modules/outreach-inputs/service'
import { ticketOfProtocol } from './modules/protocol/repository'
import { createProtocolService } from './modules/protocol/service'
import { createQueuesService } from './modules/queues/service'
import { createQuickAnswersService } from './modules/quick-answers/service'
import { createRateLimiter } from './modules/rate-limits/limiter'
import { createUploadQuota } from './modules/rate-limits/quota'
import { createDatabaseRateLimitStore } from './modules/rate-limits/repository'
import { createRateLimits } from './modules/rate-limits/service'
import type { FrameOrigins } from './modules/settings/frame-origins'
import { createSettingsService } from './modules/settings/service'
import { createSimulatorService } from './modules/simulator/service'
import { createTagsService } from './modules/tags/service'
import { createTelephonyService, type TelephonyService } from './modules/telephony/service'
import { createTemplatesService } from './modules/templates/service'
import { createTicketsService } from './modules/tickets/service'
import { createUsersService } from './modules/users/service'
import { createWebhooksService } from './modules/webhooks/service'
import { createWidgetContext } from './modules/widget/caller'
import { createWidgetConversation } from './modules/widget/conversation'
import { createOfflineMail, type OfflineMail } from './modules/widget/offline-mail'
import { createWidgetService } from './modules/widget/service'
import { createWidgetTokens } from './modules/widget/tokens'
import { endingSessions, shareSessionEnds } from './realtime/session-ends'
import { createSessionRelay } from './realtime/session-relay'
import { socketsIn } from './realtime/shared-rooms'
import type { DeskIo } from './realtime/socket'
import { createSocketPublisher } from './realtime/socket-publisher'
import { createWidgetPresence, createWidgetRelay } from './realtime/widget'
import { createWidgetAccess } from './realtime/widget-access'
import type { ServerConfig } from './server-config'
import { createWiring } from './wiring'

/** The calls between services that need each other, answered once the later one is built. */
interface DeskWiring {
  /** What a driver received: the inbound flow stores it (sessions → inbound, built on the sessions). */
  inbound: SessionHandlers['inbound']
  /** A delivery or read receipt, and a send that failed (sessions → messages). */
  ack: SessionHandlers['ack']
  failed: NonNullable<SessionHandlers['failed']>
  /** An agent's message was stored (messages → the bots, built on the messages). */
  agentMessage: NonNullable<MessagesServiceDeps['onAgentMessage']>
  /** An agent's reply reached a web chat (the widget relay, under the publisher → the offline e-mail). */
  agentReplied: OfflineMail
  /** What the telephony simulator reports on its sends (drivers → the telephony service, built on outreach). */
  telephonyReport: TelephonyService['simulatedReport']
}

/** What `composeDesk` is built on: the HTTP app (its logger), socket.io, the database and the signing secret. */
export interface DeskBase {
  config: ServerConfig
  app: FastifyInstance
  io: DeskIo
  database: Database
  secret: string
  /** The framed pages' origins (the CSP's `frame-src`), read again once a setting changes. */
  frameOrigins?: Pick<FrameOrigins, 'invalidate'>
}

/**
 * Builds every service of the desk and wires them to each other: drivers and their sessions, the inbound
 * flow, messages, outreach, bots, mail, tickets and the widget. Nothing runs until `createServer`'s
 * `ready()` starts the background work of the parts it returns.
 */
export function composeDesk({ config, app, io, database, secret, frameOrigins }: DeskBase) {
  const media = createMediaStore({ dataDir: config.dataDir, secret, publicUrl: config.publicUrl })
  const logError = (error: unknown) => app.log.error({ err: error }, 'widget socket relay failed')
  const wiring = createWiring<DeskWiring>()
  const widgetRelay = createWidgetRelay({
    db: database.db,
    io,
    mediaUrl: (p) => media.signedUrl(p),
    log: logError,
    // Answered once the offline e-mail (built on mail, built on this publisher) exists.
    agentReplied: () => wiring.handler('agentReplied'),
  })
  const widgetPresence = createWidgetPresence({ db: database.db, io, log: logError })
  const sessionEnds = shareSessionEnds(io, Boolean(config.jobs?.redisUrl))
  const liveness = createSessionLiveness({
    db: database.db,
    cacheMs: config.sessionCacheMs ?? SESSION_CACHE_MS,
    announce: sessionEnds.announce,
  })
  sessionEnds.listen(liveness)
  const publisher = endingSessions(
    widgetRelay.wrap(createWidgetAccess(io, logError).wrap(createSocketPublisher(io))),
    liveness,
  )
  const rateLimitStore = createDatabaseRateLimitStore(database.db)
  const rateLimits = createRateLimits(createRateLimiter(rateLimitStore), {
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
    liveness,
    accessTtlSeconds: config.accessTokenTtlSeconds ?? ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlSeconds,
    refreshGraceSeconds: config.refreshGraceSeconds ?? DEFAULT_REFRESH_GRACE_SECONDS,
  })
  const db = database.db
  const simulatorNetwork = lazySimulatorNetwork(config.dataDir)
  /** This process among the others on the same database (leases, calls between processes). */
  const processName = `p${process.pid}-${randomUUID().slice(0, 8)}`
  // Sessions hand what drivers receive to the inbound flow and the message acks, built on the sessions below.
  const sessions = createSessionManager({
    db,
    publisher,
    relay: createSessionRelay(io, Boolean(config.jobs?.redisUrl), processName),
    self: processName,
    options: config.connectionSessions,
    dataDir: config.dataDir,
    factories: {
      simulator: createSimulatorDriver({ ...config.simulator, network: simulatorNetwork }),
      'cloud-api': createCloudApiDriver({ baseUrl: config.cloudApiBaseUrl }),
      webchat: createWebChatDriver(),
      instagram: createInstagramDriver({
        baseUrl: config.instagramBaseUrl,
        network: simulatorNetwork,
        igsidOf: (connectionId, contactId) => igsidOfContact(db, connectionId, contactId),
        // Images: Meta fetches them from the desk's public address, signed and short-lived.
        publicMedia: config.publicUrl
          ? async (file) => media.signedUrl((await media.saveShared(file.data)).name)
          : undefined,
      }),
      telephony: createTelephonyDriver({
        twilioBaseUrl: config.twilioBaseUrl,
        publicUrl: config.publicUrl,
        network: simulatorNetwork,
        // MMS: the provider fetches the file from the desk's public address, signed and short-lived.
        publicMedia: config.publicUrl
          ? async (file) => media.signedUrl((await media.saveShared(file.data)).name)
          : undefined,
        simulatedReport: (connectionId, kind, fields) => {
          wiring
            .call('telephonyReport', connectionId, kind, fields)
            .catch((error) => app.log.error({ err: error }, 'simulated telephony report failed'))
        },
      }),
      'web-session': createWebSessionDriver({
        log: (error, message) => app.log.error({ err: error }, message),
        ...config.webSession,
      }),
    },
    handlers: {
      inbound: (connectionId, message) => wiring.call('inbound', connectionId, message),
      ack: (connectionId, providerMessageId, ack) => wiring.call('ack', connectionId, providerMessageId, ack),
      failed: (connectionId, providerMessageId, code) => wiring.call('failed', connectionId, providerMessageId, code),
    },
    log: (error, message) => app.log.error({ err: error }, message),
  })
  // The durable background work (outreach, mail, bot posts, auto-close), shared by every process on the
  // database: woken through BullMQ with REDIS_URL, else by each process asking the database.
  const logWork = (error: unknown, message: string) => app.log.error({ err: error }, message)
  const work = config.jobs?.redisUrl
    ? createRedisWork({
        db,
        redisUrl: config.jobs.redisUrl,
        prefix: config.jobs.redisPrefix,
        log: logWork,
        warn: (message) => app.log.warn(message),
      })
    : createDatabaseWork({ db, pollMs: config.work?.pollMs ?? config.jobs?.pollMs, log: logWork })
  const templates = createTemplatesService({ db, sessions })
  const messages = createMessagesService({
    db,
    publisher,
    sessions,
    media,
    readFile,
    templates,
    // The bots (built on the messages) pause for the contact.
    onAgentMessage: (ticket, userId) => wiring.call('agentMessage', ticket, userId),
  })
  wiring.answer('ack', (connectionId, providerMessageId, ack) =>
    messages.applyAck(connectionId, providerMessageId, ack),
  )
  wiring.answer('failed', (connectionId, providerMessageId, code) =>
    messages.applyFailure(connectionId, providerMessageId, code),
  )
  const contacts = createContactsService({ db, publisher, checkNumber: createNumberCheck(db, sessions) })
  const outreachInputs = createOutreachInputs(outreachConfigOf(config), {
    db,
    driverOf: (id) => sessions.driver(id),
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
    work,
    countSend: rateLimits.send,
    copyToConversation: createConversationCopy({
      db,
      contacts,
      publisher,
      mediaUrl: (p) => media.signedUrl(p),
      keepMedia: media.saveShared,
    }),
    templates,
    options: config.jobs,
  })
  const bots = createBotsService({ db, publisher })
  const inputsConfig = outreachConfigOf(config)
  const botDispatch = createBotDispatch({
    db,
    bots,
    messages,
    media,
    inputs: outreachInputs,
    policy: { allowPrivate: inputsConfig.allowPrivateUrls, allowAddresses: inputsConfig.allowAddresses },
    log: (error, message) => app.log.error({ err: error }, message),
    options: config.bots,
    work,
  })
  wiring.answer('agentMessage', (ticket, userId) => botDispatch.agentReplied(ticket, userId))
  const inbound = createInboundService({
    db,
    publisher,
    contacts,
    messages,
    media,
    log: (error, message) => app.log.error({ err: error }, message),
    followUp: config.inbound,
    groupName: async (connectionId, groupId) => (await sessions.driver(connectionId))?.groupName?.(groupId) ?? null,
    hookReads: { stopWords: settingRead(STOP_WORDS_SETTING), botsOn: botsOnOfMessage },
    onStored: async (_connectionId, message, stored, reads) => {
      await outreach.optOuts.noteInbound(message, reads.stopWords)
      await botDispatch
        .inbound(stored, message.body, botKindsOf(reads.botsOn))
        .catch((error) => app.log.error({ err: error }, 'bot inbound failed'))
    },
  })
  wiring.answer('inbound', (connectionId, message) => inbound.ingest(connectionId, message))
  const mail = createMailService({
    db,
    env: config.mail ?? {},
    policy: { allowPrivate: inputsConfig.allowPrivateUrls, allowAddresses: inputsConfig.allowAddresses },
    options: config.mail?.sender,
    log: (error, message) => app.log.error({ err: error }, message),
    work,
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
      removed: (id) => sessions.removed(id),
    },
  })
  const offlineMail = createOfflineMail({
    db,
    visitorOnline: async (room) => (await socketsIn(io, room)).length > 0,
    enqueue: mail.enqueue,
    due: rateLimits.widget.mailDue,
  })
  wiring.answer('agentReplied', offlineMail)
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
    uploadQuota: createUploadQuota(rateLimitStore, { ...DEFAULT_WIDGET_UPLOAD_QUOTA, ...config.widgetUploadQuota }),
    presence: widgetPresence,
  })
  const telephony = createTelephonyService({
    db,
    sessions,
    createJob: outreach.createJob,
    optOut: outreach.optOuts.optOut,
    twilioBaseUrl: config.twilioBaseUrl,
    publicUrl: config.publicUrl,
    pace: config.telephonyPace,
  })
  wiring.answer('telephonyReport', telephony.simulatedReport)
  const instagram = createInstagramService({ db, sessions, createJob: outreach.createJob, pace: config.directPace })
  const services: Services = {
    database,
    db,
    auth,
    users: createUsersService({ db, publisher }),
    settings: createSettingsService({ db, publisher, changed: () => frameOrigins?.invalidate() }),
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
    simulator: createSimulatorService({
      db,
      sessions,
      network: simulatorNetwork,
      telephonyInbound: telephony.simulatedInbound,
    }),
    webhooks: createWebhooksService({ db, sessions, templates }),
    templates,
    telephony,
    instagram,
    outreachInputs,
    outreach,
    protocol: createProtocolService({ db, messages, tickets }),
    mail,
    kanban: createKanbanService({ db, publisher, messages }),
    chat: createChatService({ db, publisher, media, messages }),
    bots,
    botDispatch,
    inbound,
    widget: createWidgetService(widgetContext),
    widgetConversation: createWidgetConversation(widgetContext),
    refreshTtlSeconds,
  }
  return {
    services,
    sessions,
    outreach,
    mail,
    botDispatch,
    tickets,
    rateLimits,
    widgetPresence,
    simulatorNetwork,
    work,
  }
}
