/**
 * Where each route of the API lives: its method and its path below `/api`, written once. The
 * schemas of each route (params, query, body, response) are attached in `routes.ts`; this file
 * stays free of zod so the fetcher, which runs on every page, can build addresses from it
 * without carrying the schemas.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE'

export interface Endpoint {
  readonly method: HttpMethod
  /** Below `/api`, with `:name` placeholders (fastify's and msw's syntax). */
  readonly path: string
}

const get = <P extends string>(path: P) => ({ method: 'GET', path }) as const
const post = <P extends string>(path: P) => ({ method: 'POST', path }) as const
const put = <P extends string>(path: P) => ({ method: 'PUT', path }) as const
const del = <P extends string>(path: P) => ({ method: 'DELETE', path }) as const

export const endpoints = {
  health: get('/health'),

  login: post('/auth/login'),
  refreshToken: post('/auth/refresh_token'),
  logout: del('/auth/logout'),
  signup: post('/auth/signup'),
  signupStatus: get('/auth/signup'),

  userList: get('/users'),
  userGet: get('/users/:id'),
  userCreate: post('/users'),
  userUpdate: put('/users/:id'),
  userDelete: del('/users/:id'),

  settingList: get('/settings'),
  settingUpdate: put('/settings/:key'),

  connectionList: get('/whatsapp'),
  connectionGet: get('/whatsapp/:id'),
  connectionCreate: post('/whatsapp'),
  connectionUpdate: put('/whatsapp/:id'),
  connectionDelete: del('/whatsapp/:id'),
  sessionStart: post('/whatsappsession/:id'),
  sessionNewQr: put('/whatsappsession/:id'),
  sessionDisconnect: del('/whatsappsession/:id'),

  contactImport: post('/contacts/import'),
  contactExport: get('/contactsZDG'),
  /** The spreadsheet file (`text/csv`), fetched with the token and saved as a blob. */
  contactExportCsv: get('/contacts/export'),
  contactDeleteAll: post('/delContacts'),
  contactList: get('/contacts'),
  contactGet: get('/contacts/:id'),
  contactCreate: post('/contacts'),
  /** The seed's clients post new contacts here too. */
  contactCreateSingular: post('/contact'),
  contactUpdate: put('/contacts/:id'),
  contactDelete: del('/contacts/:id'),

  queueList: get('/queue'),
  queueGet: get('/queue/:id'),
  queueCreate: post('/queue'),
  queueUpdate: put('/queue/:id'),
  queueDelete: del('/queue/:id'),

  quickAnswerList: get('/quickAnswers'),
  quickAnswerGet: get('/quickAnswers/:id'),
  quickAnswerCreate: post('/quickAnswers'),
  quickAnswerUpdate: put('/quickAnswers/:id'),
  quickAnswerDelete: del('/quickAnswers/:id'),

  dashboard: get('/dashboard'),

  ticketList: get('/tickets'),
  ticketGet: get('/tickets/:id'),
  ticketCreate: post('/tickets'),
  ticketUpdate: put('/tickets/:id'),
  ticketDelete: del('/tickets/:id'),
  ticketCloseAll: post('/ticketsClosed'),

  messageList: get('/messages/:ticketId'),
  /** JSON, or multipart with the files in `medias`. */
  messageSend: post('/messages/:ticketId'),
  messageDelete: del('/messages/:id'),

  simulatorScan: post('/simulator/:connectionId/scan'),
  simulatorInbound: post('/simulator/:connectionId/inbound'),
  simulatorOutbox: get('/simulator/:connectionId/outbox'),
  simulatorAck: post('/simulator/:connectionId/ack'),
  simulatorPhoneBook: put('/simulator/:connectionId/phonebook'),
  simulatorDrop: post('/simulator/:connectionId/drop'),
  simulatorHistory: put('/simulator/:connectionId/history'),

  /** Signed media addresses: the file, whole or in byte ranges. */
  media: get('/media/:signature/:expires/:name'),
  /** The older form with `?expires=…&signature=…`, kept for addresses already handed out. */
  mediaLegacy: get('/media/:name'),

  /** The outreach folder: upload (multipart, one file in `file`), list, delete. */
  outreachFileUpload: post('/outreach/files'),
  outreachFileList: get('/outreach/files'),
  outreachFileDelete: del('/outreach/files/:name'),
  /** Bulk text: `numbers` makes a job (202), one `number` is one send. */
  bulkText: post('/zdg'),
  /** Bulk media by URL (/ZDGMedia), file by path (/ZDGMedia2), audio by path as a voice note (/ZDGMedia3). */
  bulkMedia: post('/sendMedia'),
  bulkFile: post('/sendMediaZDG'),
  bulkAudio: post('/sendMediaZDGRec'),
  /** History import as a job (/ZDGHistorico), and one contact's history (conversation screen). */
  syncMessage: post('/syncMessage'),
  syncMessageUser: post('/zdgSyncMessageUser'),
  /** Starts now the connection's jobs scheduled on a day (/ZDGAgendamento). */
  scheduleStart: post('/sendAgendamento'),
  /** The seed's "Mostrar ID de Disparo": id and status of every connection. */
  dispatchConnections: get('/whatsappzdg'),
  jobList: get('/jobs'),
  jobGet: get('/jobs/:id'),
  jobAction: put('/jobs/:id'),
  jobRecipients: get('/jobs/:id/recipients'),
  /** The recipients as a spreadsheet file (`text/csv`), streamed. */
  jobRecipientsCsv: get('/jobs/:id/recipients.csv'),
  optOutList: get('/optOuts'),
  optOutCreate: post('/optOuts'),
  optOutDelete: del('/optOuts/:number'),

  // Protocol close, e-mail and chat export (issue 13):
  /** Closes the ticket with a new protocol number, stated to the customer. */
  ticketProtocol: post('/tickets/:id/protocol'),
  /** The seed's client records the protocol number it made. */
  seedProtocol: post('/zdgProtocolo'),
  /** The conversation as `zdg.csv` or `ZDG.txt`. */
  ticketExport: get('/tickets/:id/export'),
  ticketEmail: post('/tickets/:id/email'),
  seedEmail: post('/zdgSendEmail'),
  seedEmailUser: post('/zdgSendEmailUser'),
  seedEmailAttach: post('/zdgSendEmailAttach'),
  seedEmailAttachUser: post('/zdgSendEmailAttachUser'),
  mailSettingsGet: get('/mail/settings'),
  mailSettingsUpdate: put('/mail/settings'),
  mailTest: post('/mail/test'),
  mailOutbox: get('/mail/outbox'),
  mailRetry: post('/mail/outbox/:id/retry'),
  // Tags: the catalogue (admins write it), a contact's tags, and the seed's calls.
  tagList: get('/tags'),
  tagCreate: post('/tags'),
  tagUpdate: put('/tags/:id'),
  tagDelete: del('/tags/:id'),
  contactTags: get('/contacts/:id/tags'),
  /** Replaces the contact's tags in one step. */
  contactTagsSet: put('/contacts/:id/tags'),
  seedTagList: get('/getZDGTags'),
  /** The contact's tag names joined by commas, as one JSON string. */
  seedUserTags: get('/getZDGUserTags/:number'),
  seedSetUserTags: post('/zdgSetUserTags'),
  seedDeleteUserTags: post('/zdgDeleteUserTags'),
  // Kanban (seed 001): the seed's four calls, then lanes for administrators.
  laneList: get('/getLanes'),
  cardList: get('/getAllCards'),
  cardGet: get('/getCards/:cardId'),
  cardMove: post('/setCardsLanes'),
  laneCreate: post('/lanes'),
  /** Every lane's id in the new order. Declared before `/lanes/:id`. */
  laneOrder: put('/lanes/order'),
  laneUpdate: put('/lanes/:id'),
  laneDelete: del('/lanes/:id'),
  /** The open tickets of one lane as a spreadsheet file (`text/csv`). */
  laneCardsCsv: get('/lanes/:id/cards.csv'),
  /* ---------- bots: the conversation screen's switches and their configuration ---------- */
  /** The seed's status calls: the text `ok` or `off` for the contact's number. */
  botStatusDialogflow: get('/getdialogstatus/:number'),
  botStatusDialogflowAudio: get('/getdialogaudiostatus/:number'),
  botStatusChatbot: get('/getchatbotstatus/:number'),
  botStatusN8n: get('/getn8nstatus/:number'),
  botStatusGpt: get('/getgptstatus/:number'),
  botStatusTypebot: get('/gettypebotstatus/:number'),
  /** The seed's switches, each with `{msgFrom}`. */
  botOnDialogflow: post('/zdgDialogFlowOn'),
  botOffDialogflow: post('/zdgDialogFlowOff'),
  botOnDialogflowAudio: post('/zdgDialogFlowOnAudio'),
  botOffDialogflowAudio: post('/zdgDialogFlowOffAudio'),
  botOnChatbot: post('/zdgChatBotOn'),
  botOffChatbot: post('/zdgChatBotOff'),
  botOnN8n: post('/zdgN8NOn'),
  botOffN8n: post('/zdgN8NOff'),
  botOnGpt: post('/zdgGPTOn'),
  botOffGpt: post('/zdgGPTOff'),
  botOnTypebot: post('/zdgTypeBotOn'),
  botOffTypebot: post('/zdgTypeBotOff'),
  /** The ticket's connection, as the seed's conversation screen reads it. */
  ticketConnection: post('/zdgGetWppId'),
  /** The six switches of a ticket's contact, in one call. */
  ticketBots: get('/tickets/:id/bots'),
  botConfigList: get('/bots'),
  botConfigGet: get('/bots/:kind'),
  botConfigUpdate: put('/bots/:kind'),
  botTest: post('/bots/:kind/test'),
  /** A bot's later answer, signed with its secret (no sign-in). */
  botReply: post('/bots/:kind/reply'),
  botAudit: get('/botAudit'),
  /* ---------- the embeddable widget (issue 14): its own sessions, never the desk's ---------- */
  /** Public: what the loader and the frame need before a session (theme, origins, online). */
  widgetConfig: get('/widget/:connectionId/config'),
  /** Public: trade a partner token, or an anonymous visitor token, for a widget session. */
  widgetSession: post('/widget/:connectionId/session'),
  /** A partner backend with the `userApiToken` mints a partner token. */
  widgetToken: post('/widget/tokens'),
  /** The session's conversation (bearer: the widget session). */
  widgetMessages: get('/widget/messages'),
  widgetSend: post('/widget/messages'),
  widgetRead: post('/widget/read'),
  widgetContact: put('/widget/contact'),
  widgetQuickAnswers: get('/widget/quick-answers'),
  /** Admins: the web chat connection's signing secret, read and rotated. */
  widgetSecretGet: get('/widget/connections/:id/secret'),
  widgetSecretRotate: post('/widget/connections/:id/secret'),

  /* ---------- telephony: SMS and voice calls through a provider ---------- */
  /** The seed's /SMS and /VoiceCall: a job of SMS or calls (202 with the job). */
  sendSms: post('/sendSms'),
  makeVoiceCall: post('/makeVoiceCall'),
  /** Admins: check a provider's credentials with one read-only call. */
  telephonyTest: post('/telephony/test'),
  /** The provider's signed callbacks (no sign-in): an inbound SMS, an SMS's delivery, a call's status. */
  telephonyInbound: post('/webhooks/telephony/:connectionId/sms'),
  telephonySmsStatus: post('/webhooks/telephony/:connectionId/sms-status'),
  telephonyCallStatus: post('/webhooks/telephony/:connectionId/call-status'),
  /* ---------- end of telephony ---------- */

  webhookVerify: get('/webhooks/whatsapp/:connectionId'),
  webhookReceive: post('/webhooks/whatsapp/:connectionId'),
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints

/** The `:name` placeholders of a path, as an object type (`{ id: … }` for `/queue/:id`). */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>

export type EndpointParams<N extends EndpointName> = PathParams<(typeof endpoints)[N]['path']>

/** The path of a route with its placeholders filled in (each value URI-encoded). */
export const pathOf = <N extends EndpointName>(name: N, ...[params]: PathArgs<N>): string =>
  endpoints[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = (params as Record<string, string | number> | undefined)?.[key]
    if (value === undefined) throw new Error(`${name}: missing path parameter ${key}`)
    return encodeURIComponent(String(value))
  })

/** No argument for a path without placeholders, the placeholders' values otherwise. */
export type PathArgs<N extends EndpointName> = keyof EndpointParams<N> extends never ? [] : [EndpointParams<N>]
