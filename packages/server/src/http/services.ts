import type { Database, Db } from '../db'
import type { AuthService } from '../modules/auth/service'
import type { BotDispatch } from '../modules/bots/dispatch'
import type { BotsService } from '../modules/bots/service'
import type { ChatService } from '../modules/chat/service'
import type { ConnectionsService } from '../modules/connections/service'
import type { SessionManager } from '../modules/connections/sessions'
import type { ContactsBulkService } from '../modules/contacts/bulk'
import type { ContactsService } from '../modules/contacts/service'
import type { DashboardService } from '../modules/dashboard/service'
import type { InboundService } from '../modules/inbound/service'
import type { InstagramService } from '../modules/instagram/service'
import type { KanbanService } from '../modules/kanban/service'
import type { MailService } from '../modules/mail/service'
import type { MediaStore } from '../modules/media/store'
import type { MessagesService } from '../modules/messages/service'
import type { Outreach } from '../modules/outreach'
import type { OutreachInputs } from '../modules/outreach-inputs/service'
import type { ProtocolService } from '../modules/protocol/service'
import type { QueuesService } from '../modules/queues/service'
import type { QuickAnswersService } from '../modules/quick-answers/service'
import type { RateLimits } from '../modules/rate-limits/service'
import type { SettingsService } from '../modules/settings/service'
import type { SimulatorService } from '../modules/simulator/service'
import type { TagsService } from '../modules/tags/service'
import type { TelephonyService } from '../modules/telephony/service'
import type { TemplatesService } from '../modules/templates/service'
import type { TicketsService } from '../modules/tickets/service'
import type { UsersService } from '../modules/users/service'
import type { WebhooksService } from '../modules/webhooks/service'
import type { WidgetConversation } from '../modules/widget/conversation'
import type { WidgetService } from '../modules/widget/service'

/** What the route modules get: services, and the cookie lifetime for sessions. */
export interface Services {
  database: Database
  db: Db
  auth: AuthService
  users: UsersService
  settings: SettingsService
  connections: ConnectionsService
  sessions: SessionManager
  contacts: ContactsService
  contactsBulk: ContactsBulkService
  queues: QueuesService
  quickAnswers: QuickAnswersService
  tags: TagsService
  dashboard: DashboardService
  tickets: TicketsService
  messages: MessagesService
  media: MediaStore
  rateLimits: RateLimits
  simulator: SimulatorService
  webhooks: WebhooksService
  /** The Cloud API's message templates: list, refresh, status webhook, the check before a send. */
  templates: TemplatesService
  /** SMS and voice calls: the seed's calls, the credentials test, the provider's callbacks. */
  telephony: TelephonyService
  /** Instagram direct: the webhook, the simulated customer, `/sendDirect` and its estimate. */
  instagram: InstagramService
  /** Media by URL, files in the outreach folder and its uploads, for the outreach job kinds. */
  outreachInputs: OutreachInputs
  outreach: Outreach
  /** Protocol close; e-mail (SMTP settings, outbox, mail on close). */
  protocol: ProtocolService
  mail: MailService
  kanban: KanbanService
  /** The internal chat, mentions and private notes. */
  chat: ChatService
  /** Bot switches per contact, their configuration, and what goes to and comes from the bots. */
  bots: BotsService
  botDispatch: BotDispatch
  /** Arriving messages; its sweep finishes what a process that died left undone. */
  inbound: InboundService
  /** The embeddable widget: configuration, sessions, partner tokens, the secret; and a session's conversation. */
  widget: WidgetService
  widgetConversation: WidgetConversation
  refreshTtlSeconds: number
}
