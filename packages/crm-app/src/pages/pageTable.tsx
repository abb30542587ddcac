import type { NavIcon, NavSection } from '@desk/ui'
import { type ComponentType, lazy } from 'react'

// Everything behind the login is loaded on demand, so /login stays small.
const DashboardPage = lazy(() => import('../pages/dashboard/DashboardPage'))
const TicketsPage = lazy(() => import('../pages/tickets/TicketsPage'))
const ConnectionsPage = lazy(() => import('../pages/connections/ConnectionsPage'))
const ContactsPage = lazy(() => import('../pages/contacts/ContactsPage'))
const QuickAnswersPage = lazy(() => import('../pages/quick-answers/QuickAnswersPage'))
const UsersPage = lazy(() => import('../pages/users/UsersPage'))
const QueuesPage = lazy(() => import('../pages/queues/QueuesPage'))
const TagsPage = lazy(() => import('../pages/tags/TagsPage'))
const TemplatesPage = lazy(() => import('../pages/templates/TemplatesPage'))
const SettingsPage = lazy(() => import('../pages/settings/SettingsPage'))
const MailSettingsPage = lazy(() => import('../pages/mail/MailSettingsPage'))
const BulkSendPage = lazy(() => import('../pages/outreach/BulkSendPage'))
const TelephonyPage = lazy(() => import('../pages/outreach/TelephonyPage'))
const InstagramDirectPage = lazy(() => import('../pages/outreach/InstagramDirectPage'))
const ImportHistoryPage = lazy(() => import('../pages/outreach/ImportHistoryPage'))
const SchedulePage = lazy(() => import('../pages/outreach/SchedulePage'))
const GroupsPage = lazy(() => import('../pages/outreach/GroupsPage'))
const JobsPage = lazy(() => import('../pages/outreach/JobsPage'))
const JobPage = lazy(() => import('../pages/outreach/JobPage'))
const KanbanPage = lazy(() => import('../pages/kanban/KanbanPage'))
const BotsPage = lazy(() => import('../pages/bots/BotsPage'))
const InternalChatPage = lazy(() => import('../pages/chat/InternalChatPage'))
const ChatbotPage = lazy(() => import('../pages/chat/ChatbotPage'))

/** The team chat's address (the seed's), whose menu entry counts unread chat messages. */
export const CHAT_PATH = '/ZDGChatInterno'

type MenuGroup = 'main' | 'outreach' | 'administration'
type MenuLabel = NavSection['items'][number]['label']

/** One signed-in page: its address, what it shows, its menu entry (if any) and who may open it. */
export interface AppPage {
  /** The route pattern (`:param` parts, `?` for optional). Outreach and kanban keep the seed's addresses. */
  path: string
  page: ComponentType
  /** Where the menu and the command palette list it; the entry goes to `href` (the path when not given). */
  menu?: { group: MenuGroup; label: MenuLabel; icon: NavIcon; href?: string; showsConnectionsAlert?: boolean }
  role: 'user' | 'admin'
}

const bulk = (variant: 'text' | 'media' | 'file' | 'audio') => () => <BulkSendPage variant={variant} />
const telephony = (variant: 'sms' | 'voice') => () => <TelephonyPage variant={variant} />

/**
 * The signed-in pages, in menu order. Each is its own route, so moving to another remounts it. Its labels
 * show only in the signed-in shell, so the table lives with the pages rather than with the public routes.
 */
export const APP_PAGES: readonly AppPage[] = [
  { path: '/', page: DashboardPage, role: 'user', menu: { group: 'main', label: 'nav.dashboard', icon: 'dashboard' } },
  {
    path: '/tickets/:ticketId?',
    page: TicketsPage,
    role: 'user',
    menu: { group: 'main', label: 'nav.tickets', icon: 'tickets', href: '/tickets' },
  },
  { path: '/ZDGKanban', page: KanbanPage, role: 'user', menu: { group: 'main', label: 'nav.kanban', icon: 'kanban' } },
  { path: CHAT_PATH, page: InternalChatPage, role: 'user', menu: { group: 'main', label: 'nav.chat', icon: 'chat' } },
  {
    path: '/ZDGChatbot',
    page: ChatbotPage,
    role: 'user',
    menu: { group: 'main', label: 'nav.chatbot', icon: 'chatbot' },
  },
  {
    path: '/connections',
    page: ConnectionsPage,
    role: 'user',
    menu: { group: 'main', label: 'nav.connections', icon: 'connections', showsConnectionsAlert: true },
  },
  {
    path: '/contacts',
    page: ContactsPage,
    role: 'user',
    menu: { group: 'main', label: 'nav.contacts', icon: 'contacts' },
  },
  {
    path: '/quickAnswers',
    page: QuickAnswersPage,
    role: 'user',
    menu: { group: 'main', label: 'nav.quickAnswers', icon: 'quickAnswers' },
  },
  {
    path: '/ZDG',
    page: bulk('text'),
    role: 'user',
    menu: { group: 'outreach', label: 'nav.outreach.bulkText', icon: 'bulkText' },
  },
  {
    path: '/ZDGMedia',
    page: bulk('media'),
    role: 'user',
    menu: { group: 'outreach', label: 'nav.outreach.bulkMedia', icon: 'bulkMedia' },
  },
  {
    path: '/ZDGMedia2',
    page: bulk('file'),
    role: 'user',
    menu: { group: 'outreach', label: 'nav.outreach.bulkFile', icon: 'bulkFile' },
  },
  {
    path: '/ZDGMedia3',
    page: bulk('audio'),
    role: 'user',
    menu: { group: 'outreach', label: 'nav.outreach.bulkAudio', icon: 'bulkAudio' },
  },
  {
    path: '/ZDGGroups',
    page: GroupsPage,
    role: 'user',
    menu: { group: 'outreach', label: 'nav.outreach.groups', icon: 'groups' },
  },
  {
    path: '/SMS',
    page: telephony('sms'),
    role: 'user',
    menu: { group: 'outreach', label: 'nav.outreach.sms', icon: 'sms' },
  },
  {
    path: '/VoiceCall',
    page: telephony('voice'),
    role: 'user',
    menu: { group: 'outreach', label: 'nav.outreach.voiceCall', icon: 'voiceCall' },
  },
  {
    path: '/InstaDirect',
    page: InstagramDirectPage,
    role: 'user',
    menu: { group: 'outreach', label: 'nav.outreach.instagram', icon: 'instagram' },
  },
  {
    path: '/ZDGAgendamento',
    page: SchedulePage,
    role: 'user',
    menu: { group: 'outreach', label: 'nav.outreach.schedule', icon: 'schedule' },
  },
  {
    path: '/ZDGHistorico',
    page: ImportHistoryPage,
    role: 'user',
    menu: { group: 'outreach', label: 'nav.outreach.importHistory', icon: 'importHistory' },
  },
  {
    path: '/jobs',
    page: JobsPage,
    role: 'user',
    menu: { group: 'outreach', label: 'nav.outreach.jobs', icon: 'jobs' },
  },
  { path: '/jobs/:id', page: JobPage, role: 'user' },
  {
    path: '/users',
    page: UsersPage,
    role: 'admin',
    menu: { group: 'administration', label: 'nav.users', icon: 'users' },
  },
  {
    path: '/queues',
    page: QueuesPage,
    role: 'admin',
    menu: { group: 'administration', label: 'nav.queues', icon: 'queues' },
  },
  { path: '/tags', page: TagsPage, role: 'admin', menu: { group: 'administration', label: 'nav.tags', icon: 'tags' } },
  {
    path: '/templates',
    page: TemplatesPage,
    role: 'admin',
    menu: { group: 'administration', label: 'nav.templates', icon: 'templates' },
  },
  {
    path: '/settings',
    page: SettingsPage,
    role: 'admin',
    menu: { group: 'administration', label: 'nav.settings', icon: 'settings' },
  },
  {
    path: '/mail',
    page: MailSettingsPage,
    role: 'admin',
    menu: { group: 'administration', label: 'nav.mail', icon: 'mail' },
  },
  { path: '/bots', page: BotsPage, role: 'admin', menu: { group: 'administration', label: 'nav.bots', icon: 'bots' } },
]

const SECTIONS: ReadonlyArray<{ group: MenuGroup; heading?: MenuLabel; paletteDetail?: MenuLabel }> = [
  { group: 'main' },
  { group: 'outreach', heading: 'nav.outreach', paletteDetail: 'nav.outreach' },
  { group: 'administration', heading: 'nav.administration' },
]

/** The menu with the team chat's unread count beside its entry. */
export const withChatBadge = (sections: NavSection[], unread: number): NavSection[] =>
  unread > 0
    ? sections.map((s) => ({ ...s, items: s.items.map((i) => (i.href === CHAT_PATH ? { ...i, badge: unread } : i)) }))
    : sections

/** The menu (and the command palette's pages) for a user: administration only for administrators. */
export const menuFor = (isAdmin: boolean, pages: readonly AppPage[] = APP_PAGES): NavSection[] =>
  SECTIONS.map(({ group, heading, paletteDetail }) => ({
    ...(heading ? { heading } : {}),
    ...(paletteDetail ? { paletteDetail } : {}),
    items: pages.flatMap(({ path, menu, role }) =>
      menu?.group === group && (isAdmin || role !== 'admin')
        ? [
            {
              href: menu.href ?? path,
              label: menu.label,
              icon: menu.icon,
              ...(menu.showsConnectionsAlert ? { showsConnectionsAlert: true } : {}),
            },
          ]
        : [],
    ),
  })).filter((section) => section.items.length > 0)
