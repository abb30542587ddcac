import { z } from 'zod'
import {
  LoginRequest,
  LoginResponse,
  RefreshResponse,
  SignupRequest,
  SignupResponse,
  SignupStatusResponse,
} from './auth'
import {
  ConnectionCreateRequest,
  ConnectionListResponse,
  ConnectionResponse,
  ConnectionSessionResponse,
  ConnectionUpdateRequest,
} from './connections'
import {
  ContactCreateRequest,
  ContactExportResponse,
  ContactImportResponse,
  ContactListQuery,
  ContactListResponse,
  ContactResponse,
  ContactsDeleteAllRequest,
  ContactsDeleteAllResponse,
  ContactUpdateRequest,
} from './contacts'
import { DashboardQuery, DashboardResponse } from './dashboard'
import { type EndpointName, endpoints } from './endpoints'
import {
  CardListResponse,
  CardParams,
  CardResponse,
  LaneCreateRequest,
  LaneListResponse,
  LaneOrderRequest,
  LaneResponse,
  LaneUpdateRequest,
  MoveCardRequest,
  MoveCardResponse,
} from './kanban'
import {
  MailOutboxParams,
  MailOutboxQuery,
  MailOutboxResponse,
  MailQueuedResponse,
  MailSettings,
  MailSettingsUpdateRequest,
  MailTestRequest,
  MailTestResponse,
  ProtocolResponse,
  TicketEmailRequest,
  TicketExportQuery,
  TicketProtocolResponse,
} from './mail'
import {
  DeleteMessageResponse,
  MessageListQuery,
  MessageListResponse,
  SendMediaFields,
  SendMessageRequest,
  SendMessageResponse,
  TicketIdParams,
} from './messages'
import {
  BotAuditQuery,
  BotAuditResponse,
  BotConfig,
  BotConfigListResponse,
  BotConfigUpdateRequest,
  BotKindParams,
  BotNumberParams,
  BotReplyRequest,
  BotReplyResponse,
  BotTestRequest,
  BotTestResponse,
  BotToggleRequest,
  BotToggleResponse,
  DispatchConnectionListResponse,
  EmailAttachRequest,
  EmailAttachUserRequest,
  EmailRequest,
  EmailUserRequest,
  JobActionRequest,
  JobListQuery,
  JobListResponse,
  JobRecipientListQuery,
  JobRecipientListResponse,
  JobResponse,
  OptOut,
  OptOutCreateRequest,
  OptOutListQuery,
  OptOutListResponse,
  OptOutParams,
  ProtocolRequest,
  ScheduleRequest,
  ScheduleStartResponse,
  SendAudioRequest,
  SendFileRequest,
  SendMediaRequest,
  SendResponse,
  SmsRequest,
  SyncMessageRequest,
  SyncMessageUserRequest,
  TextSendRequest,
  TextSendResponse,
  TicketBotsResponse,
  TicketConnectionRequest,
  TicketConnectionResponse,
  VoiceCallRequest,
} from './outreach'
import { OutreachFile, OutreachFileListResponse, OutreachFileParams, OutreachFileUploadFields } from './outreach/files'
import { QueueCreateRequest, QueueListResponse, QueueResponse, QueueUpdateRequest } from './queues'
import {
  QuickAnswerCreateRequest,
  QuickAnswerListQuery,
  QuickAnswerListResponse,
  QuickAnswerResponse,
  QuickAnswerUpdateRequest,
} from './quickAnswers'
import { SettingParams, SettingsListResponse, SettingUpdateRequest, SettingUpdateResponse } from './settings'
import {
  SimulatorAckRequest,
  SimulatorAckResponse,
  SimulatorHistoryRequest,
  SimulatorHistoryResponse,
  SimulatorInboundRequest,
  SimulatorInboundResponse,
  SimulatorOutboxQuery,
  SimulatorOutboxResponse,
  SimulatorParams,
  SimulatorPhoneBookRequest,
  SimulatorPhoneBookResponse,
  SimulatorSessionResponse,
} from './simulator'
import {
  ContactTagsRequest,
  ContactTagsResponse,
  DeleteUserTagsRequest,
  SetUserTagsRequest,
  SetUserTagsResponse,
  TagCreateRequest,
  TagListResponse,
  TagResponse,
  TagUpdateRequest,
  UserTagsParams,
  UserTagsResponse,
} from './tags'
import { TelephonyCallback, TelephonyTestRequest, TelephonyTestResponse, TelephonyWebhookParams } from './telephony'
import { safeText } from './text'
import {
  TicketCreateRequest,
  TicketCreateResponse,
  TicketListQuery,
  TicketListResponse,
  TicketResponse,
  TicketsCloseAllQuery,
  TicketsCloseAllResponse,
  TicketUpdateRequest,
  TicketUpdateResponse,
} from './tickets'
import { UserCreateRequest, UserListQuery, UserListResponse, UserResponse, UserUpdateRequest } from './users'
import { IdParams } from './validation'
import { CloudWebhookPayload, WebhookParams, WebhookVerifyQuery } from './webhooks'
import {
  WidgetConfig,
  WidgetConnectionParams,
  WidgetContactRequest,
  WidgetContactResponse,
  WidgetMessagesQuery,
  WidgetMessagesResponse,
  WidgetQuickAnswersQuery,
  WidgetQuickAnswersResponse,
  WidgetReadRequest,
  WidgetSecretResponse,
  WidgetSendRequest,
  WidgetSendResponse,
  WidgetSession,
  WidgetSessionRequest,
  WidgetTokenRequest,
  WidgetTokenResponse,
} from './widget'

/**
 * Every route of the API as data: method and path (from `endpoints`), and the zod schemas of its
 * params, query, body and answer. The server registers its handlers from this table, the client's
 * fetchers build their calls from it and check answers with `response`, the mock handlers answer
 * on its paths. A route without `response` answers something that is not JSON (204, a file).
 */
export interface RouteSchemas {
  params?: z.ZodType
  query?: z.ZodType
  /** The JSON body. */
  body?: z.ZodType
  /** The text fields of a multipart body (the files travel beside them). */
  multipart?: z.ZodType
  /** The body is kept as raw bytes (a signature covers them) and parsed with `body` after the check. */
  rawBody?: true
  /** The JSON answer; without one the route answers 204 or a file (`answers`). */
  response?: z.ZodType
  /** What a route without a JSON answer sends. */
  answers?: 'no-content' | 'file' | 'csv' | 'text'
}

export type RouteOf<N extends EndpointName, S extends RouteSchemas> = { name: N } & (typeof endpoints)[N] & S

const route = <N extends EndpointName, const S extends RouteSchemas>(name: N, schemas: S): RouteOf<N, S> => ({
  name,
  ...endpoints[name],
  ...schemas,
})

/** `GET /health`: the database answers. */
export const HealthResponse = z.object({ status: z.literal('ok'), database: safeText() })
export type HealthResponse = z.infer<typeof HealthResponse>

const noContent = { answers: 'no-content' } as const
const botStatus = { params: BotNumberParams, answers: 'text' } as const
const botToggle = { body: BotToggleRequest, response: BotToggleResponse } as const

export const routes = {
  health: route('health', { response: HealthResponse }),

  login: route('login', { body: LoginRequest, response: LoginResponse }),
  refreshToken: route('refreshToken', { response: RefreshResponse }),
  logout: route('logout', noContent),
  signup: route('signup', { body: SignupRequest, response: SignupResponse }),
  signupStatus: route('signupStatus', { response: SignupStatusResponse }),

  userList: route('userList', { query: UserListQuery, response: UserListResponse }),
  userGet: route('userGet', { params: IdParams, response: UserResponse }),
  userCreate: route('userCreate', { body: UserCreateRequest, response: UserResponse }),
  userUpdate: route('userUpdate', { params: IdParams, body: UserUpdateRequest, response: UserResponse }),
  userDelete: route('userDelete', { params: IdParams, ...noContent }),

  settingList: route('settingList', { response: SettingsListResponse }),
  settingUpdate: route('settingUpdate', {
    params: SettingParams,
    body: SettingUpdateRequest,
    response: SettingUpdateResponse,
  }),

  connectionList: route('connectionList', { response: ConnectionListResponse }),
  connectionGet: route('connectionGet', { params: IdParams, response: ConnectionResponse }),
  connectionCreate: route('connectionCreate', { body: ConnectionCreateRequest, response: ConnectionResponse }),
  connectionUpdate: route('connectionUpdate', {
    params: IdParams,
    body: ConnectionUpdateRequest,
    response: ConnectionResponse,
  }),
  connectionDelete: route('connectionDelete', { params: IdParams, ...noContent }),
  sessionStart: route('sessionStart', { params: IdParams, response: ConnectionSessionResponse }),
  sessionNewQr: route('sessionNewQr', { params: IdParams, response: ConnectionSessionResponse }),
  sessionDisconnect: route('sessionDisconnect', { params: IdParams, response: ConnectionSessionResponse }),

  contactImport: route('contactImport', { response: ContactImportResponse }),
  contactExport: route('contactExport', { response: ContactExportResponse }),
  contactExportCsv: route('contactExportCsv', { answers: 'csv' }),
  // A bare POST (no body) is an empty one.
  contactDeleteAll: route('contactDeleteAll', {
    body: z.preprocess((value) => value ?? {}, ContactsDeleteAllRequest),
    response: ContactsDeleteAllResponse,
  }),
  contactList: route('contactList', { query: ContactListQuery, response: ContactListResponse }),
  contactGet: route('contactGet', { params: IdParams, response: ContactResponse }),
  contactCreate: route('contactCreate', { body: ContactCreateRequest, response: ContactResponse }),
  contactCreateSingular: route('contactCreateSingular', { body: ContactCreateRequest, response: ContactResponse }),
  contactUpdate: route('contactUpdate', { params: IdParams, body: ContactUpdateRequest, response: ContactResponse }),
  contactDelete: route('contactDelete', { params: IdParams, ...noContent }),

  queueList: route('queueList', { response: QueueListResponse }),
  queueGet: route('queueGet', { params: IdParams, response: QueueResponse }),
  queueCreate: route('queueCreate', { body: QueueCreateRequest, response: QueueResponse }),
  queueUpdate: route('queueUpdate', { params: IdParams, body: QueueUpdateRequest, response: QueueResponse }),
  queueDelete: route('queueDelete', { params: IdParams, ...noContent }),

  quickAnswerList: route('quickAnswerList', { query: QuickAnswerListQuery, response: QuickAnswerListResponse }),
  quickAnswerGet: route('quickAnswerGet', { params: IdParams, response: QuickAnswerResponse }),
  quickAnswerCreate: route('quickAnswerCreate', { body: QuickAnswerCreateRequest, response: QuickAnswerResponse }),
  quickAnswerUpdate: route('quickAnswerUpdate', {
    params: IdParams,
    body: QuickAnswerUpdateRequest,
    response: QuickAnswerResponse,
  }),
  quickAnswerDelete: route('quickAnswerDelete', { params: IdParams, ...noContent }),

  dashboard: route('dashboard', { query: DashboardQuery, response: DashboardResponse }),

  ticketList: route('ticketList', { query: TicketListQuery, response: TicketListResponse }),
  ticketGet: route('ticketGet', { params: IdParams, response: TicketResponse }),
  ticketCreate: route('ticketCreate', { body: TicketCreateRequest, response: TicketCreateResponse }),
  ticketUpdate: route('ticketUpdate', { params: IdParams, body: TicketUpdateRequest, response: TicketUpdateResponse }),
  ticketDelete: route('ticketDelete', { params: IdParams, ...noContent }),
  ticketCloseAll: route('ticketCloseAll', { query: TicketsCloseAllQuery, response: TicketsCloseAllResponse }),

  messageList: route('messageList', { params: TicketIdParams, query: MessageListQuery, response: MessageListResponse }),
  messageSend: route('messageSend', {
    params: TicketIdParams,
    body: SendMessageRequest,
    multipart: SendMediaFields,
    response: SendMessageResponse,
  }),
  messageDelete: route('messageDelete', { params: IdParams, response: DeleteMessageResponse }),

  simulatorScan: route('simulatorScan', { params: SimulatorParams, response: SimulatorSessionResponse }),
  simulatorInbound: route('simulatorInbound', {
    params: SimulatorParams,
    body: SimulatorInboundRequest,
    response: SimulatorInboundResponse,
  }),
  simulatorOutbox: route('simulatorOutbox', {
    params: SimulatorParams,
    query: SimulatorOutboxQuery,
    response: SimulatorOutboxResponse,
  }),
  simulatorAck: route('simulatorAck', {
    params: SimulatorParams,
    body: SimulatorAckRequest,
    response: SimulatorAckResponse,
  }),
  simulatorPhoneBook: route('simulatorPhoneBook', {
    params: SimulatorParams,
    body: SimulatorPhoneBookRequest,
    response: SimulatorPhoneBookResponse,
  }),
  simulatorDrop: route('simulatorDrop', { params: SimulatorParams, response: SimulatorSessionResponse }),
  simulatorHistory: route('simulatorHistory', {
    params: SimulatorParams,
    body: SimulatorHistoryRequest,
    response: SimulatorHistoryResponse,
  }),

  // Media addresses are read leniently (a bad signature is a 404, never a 400): no schemas here.
  media: route('media', { answers: 'file' }),
  mediaLegacy: route('mediaLegacy', { answers: 'file' }),

  outreachFileUpload: route('outreachFileUpload', { multipart: OutreachFileUploadFields, response: OutreachFile }),
  outreachFileList: route('outreachFileList', { response: OutreachFileListResponse }),
  outreachFileDelete: route('outreachFileDelete', { params: OutreachFileParams, ...noContent }),
  bulkText: route('bulkText', { body: TextSendRequest, response: TextSendResponse }),
  bulkMedia: route('bulkMedia', { body: SendMediaRequest, response: SendResponse }),
  bulkFile: route('bulkFile', { body: SendFileRequest, response: SendResponse }),
  bulkAudio: route('bulkAudio', { body: SendAudioRequest, response: SendResponse }),
  syncMessage: route('syncMessage', { body: SyncMessageRequest, response: JobResponse }),
  syncMessageUser: route('syncMessageUser', { body: SyncMessageUserRequest, response: JobResponse }),
  scheduleStart: route('scheduleStart', { body: ScheduleRequest, response: ScheduleStartResponse }),
  dispatchConnections: route('dispatchConnections', { response: DispatchConnectionListResponse }),
  jobList: route('jobList', { query: JobListQuery, response: JobListResponse }),
  jobGet: route('jobGet', { params: IdParams, response: JobResponse }),
  jobAction: route('jobAction', { params: IdParams, body: JobActionRequest, response: JobResponse }),
  jobRecipients: route('jobRecipients', {
    params: IdParams,
    query: JobRecipientListQuery,
    response: JobRecipientListResponse,
  }),
  jobRecipientsCsv: route('jobRecipientsCsv', { params: IdParams, answers: 'csv' }),
  optOutList: route('optOutList', { query: OptOutListQuery, response: OptOutListResponse }),
  optOutCreate: route('optOutCreate', { body: OptOutCreateRequest, response: OptOut }),
  optOutDelete: route('optOutDelete', { params: OptOutParams, ...noContent }),

  // Protocol close, e-mail and chat export (issue 13):
  ticketProtocol: route('ticketProtocol', { params: IdParams, response: TicketProtocolResponse }),
  seedProtocol: route('seedProtocol', { body: ProtocolRequest, response: ProtocolResponse }),
  ticketExport: route('ticketExport', { params: IdParams, query: TicketExportQuery, answers: 'file' }),
  ticketEmail: route('ticketEmail', {
    params: IdParams,
    body: z.preprocess((value) => value ?? {}, TicketEmailRequest),
    response: MailQueuedResponse,
  }),
  seedEmail: route('seedEmail', { body: EmailRequest, response: MailQueuedResponse }),
  seedEmailUser: route('seedEmailUser', { body: EmailUserRequest, response: MailQueuedResponse }),
  seedEmailAttach: route('seedEmailAttach', { body: EmailAttachRequest, response: MailQueuedResponse }),
  seedEmailAttachUser: route('seedEmailAttachUser', { body: EmailAttachUserRequest, response: MailQueuedResponse }),
  mailSettingsGet: route('mailSettingsGet', { response: MailSettings }),
  mailSettingsUpdate: route('mailSettingsUpdate', { body: MailSettingsUpdateRequest, response: MailSettings }),
  mailTest: route('mailTest', { body: MailTestRequest, response: MailTestResponse }),
  mailOutbox: route('mailOutbox', { query: MailOutboxQuery, response: MailOutboxResponse }),
  mailRetry: route('mailRetry', { params: MailOutboxParams, response: MailQueuedResponse }),
  tagList: route('tagList', { response: TagListResponse }),
  tagCreate: route('tagCreate', { body: TagCreateRequest, response: TagResponse }),
  tagUpdate: route('tagUpdate', { params: IdParams, body: TagUpdateRequest, response: TagResponse }),
  tagDelete: route('tagDelete', { params: IdParams, ...noContent }),
  contactTags: route('contactTags', { params: IdParams, response: ContactTagsResponse }),
  contactTagsSet: route('contactTagsSet', {
    params: IdParams,
    body: ContactTagsRequest,
    response: ContactTagsResponse,
  }),
  seedTagList: route('seedTagList', { response: TagListResponse }),
  seedUserTags: route('seedUserTags', { params: UserTagsParams, response: UserTagsResponse }),
  seedSetUserTags: route('seedSetUserTags', { body: SetUserTagsRequest, response: SetUserTagsResponse }),
  seedDeleteUserTags: route('seedDeleteUserTags', { body: DeleteUserTagsRequest, response: SetUserTagsResponse }),
  laneList: route('laneList', { response: LaneListResponse }),
  cardList: route('cardList', { response: CardListResponse }),
  cardGet: route('cardGet', { params: CardParams, response: CardResponse }),
  cardMove: route('cardMove', { body: MoveCardRequest, response: MoveCardResponse }),
  laneCreate: route('laneCreate', { body: LaneCreateRequest, response: LaneResponse }),
  laneOrder: route('laneOrder', { body: LaneOrderRequest, response: LaneListResponse }),
  laneUpdate: route('laneUpdate', { params: IdParams, body: LaneUpdateRequest, response: LaneResponse }),
  laneDelete: route('laneDelete', { params: IdParams, ...noContent }),
  laneCardsCsv: route('laneCardsCsv', { params: IdParams, answers: 'csv' }),
  // Bots: the seed's status calls answer text; switches take `{msgFrom}`.
  botStatusDialogflow: route('botStatusDialogflow', botStatus),
  botStatusDialogflowAudio: route('botStatusDialogflowAudio', botStatus),
  botStatusChatbot: route('botStatusChatbot', botStatus),
  botStatusN8n: route('botStatusN8n', botStatus),
  botStatusGpt: route('botStatusGpt', botStatus),
  botStatusTypebot: route('botStatusTypebot', botStatus),
  botOnDialogflow: route('botOnDialogflow', botToggle),
  botOffDialogflow: route('botOffDialogflow', botToggle),
  botOnDialogflowAudio: route('botOnDialogflowAudio', botToggle),
  botOffDialogflowAudio: route('botOffDialogflowAudio', botToggle),
  botOnChatbot: route('botOnChatbot', botToggle),
  botOffChatbot: route('botOffChatbot', botToggle),
  botOnN8n: route('botOnN8n', botToggle),
  botOffN8n: route('botOffN8n', botToggle),
  botOnGpt: route('botOnGpt', botToggle),
  botOffGpt: route('botOffGpt', botToggle),
  botOnTypebot: route('botOnTypebot', botToggle),
  botOffTypebot: route('botOffTypebot', botToggle),
  ticketConnection: route('ticketConnection', { body: TicketConnectionRequest, response: TicketConnectionResponse }),
  ticketBots: route('ticketBots', { params: IdParams, response: TicketBotsResponse }),
  botConfigList: route('botConfigList', { response: BotConfigListResponse }),
  botConfigGet: route('botConfigGet', { params: BotKindParams, response: BotConfig }),
  botConfigUpdate: route('botConfigUpdate', {
    params: BotKindParams,
    body: BotConfigUpdateRequest,
    response: BotConfig,
  }),
  botTest: route('botTest', { params: BotKindParams, body: BotTestRequest, response: BotTestResponse }),
  botReply: route('botReply', {
    params: BotKindParams,
    rawBody: true,
    body: BotReplyRequest,
    response: BotReplyResponse,
  }),
  botAudit: route('botAudit', { query: BotAuditQuery, response: BotAuditResponse }),
  widgetConfig: route('widgetConfig', { params: WidgetConnectionParams, response: WidgetConfig }),
  widgetSession: route('widgetSession', {
    params: WidgetConnectionParams,
    body: WidgetSessionRequest,
    response: WidgetSession,
  }),
  widgetToken: route('widgetToken', { body: WidgetTokenRequest, response: WidgetTokenResponse }),
  widgetMessages: route('widgetMessages', { query: WidgetMessagesQuery, response: WidgetMessagesResponse }),
  widgetSend: route('widgetSend', {
    body: WidgetSendRequest,
    multipart: WidgetSendRequest,
    response: WidgetSendResponse,
  }),
  widgetRead: route('widgetRead', { body: WidgetReadRequest, ...noContent }),
  widgetContact: route('widgetContact', { body: WidgetContactRequest, response: WidgetContactResponse }),
  widgetQuickAnswers: route('widgetQuickAnswers', {
    query: WidgetQuickAnswersQuery,
    response: WidgetQuickAnswersResponse,
  }),
  widgetSecretGet: route('widgetSecretGet', { params: IdParams, response: WidgetSecretResponse }),
  widgetSecretRotate: route('widgetSecretRotate', { params: IdParams, response: WidgetSecretResponse }),

  /* ---------- telephony: SMS and voice calls through a provider ---------- */
  sendSms: route('sendSms', { body: SmsRequest, response: JobResponse }),
  makeVoiceCall: route('makeVoiceCall', { body: VoiceCallRequest, response: JobResponse }),
  telephonyTest: route('telephonyTest', { body: TelephonyTestRequest, response: TelephonyTestResponse }),
  // Form-encoded bodies, read raw: the signature is checked before any field is.
  telephonyInbound: route('telephonyInbound', {
    params: TelephonyWebhookParams,
    rawBody: true,
    body: TelephonyCallback,
    answers: 'text',
  }),
  telephonySmsStatus: route('telephonySmsStatus', {
    params: TelephonyWebhookParams,
    rawBody: true,
    body: TelephonyCallback,
    ...noContent,
  }),
  telephonyCallStatus: route('telephonyCallStatus', {
    params: TelephonyWebhookParams,
    rawBody: true,
    body: TelephonyCallback,
    ...noContent,
  }),
  /* ---------- end of telephony ---------- */

  webhookVerify: route('webhookVerify', { params: WebhookParams, query: WebhookVerifyQuery, answers: 'text' }),
  webhookReceive: route('webhookReceive', { params: WebhookParams, rawBody: true, body: CloudWebhookPayload }),
} satisfies { [N in EndpointName]: RouteOf<N, RouteSchemas> }

export type Routes = typeof routes
export type RouteName = keyof Routes
export type Route = Routes[RouteName]
