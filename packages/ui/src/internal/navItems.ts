import type { IconType } from 'react-icons'
import {
  LuBot,
  LuCalendarClock,
  LuContactRound,
  LuFileUp,
  LuHistory,
  LuImage,
  LuKanban,
  LuLayers,
  LuLayoutDashboard,
  LuListChecks,
  LuMail,
  LuMessageSquareText,
  LuMic,
  LuPlug,
  LuSettings,
  LuTags,
  LuTicket,
  LuUsers,
  LuZap,
} from 'react-icons/lu'
import type { MessageId } from '../i18n'

export interface NavItem {
  href: string
  label: MessageId
  icon: IconType
}

export const MAIN_ITEMS: NavItem[] = [
  { href: '/', label: 'nav.dashboard', icon: LuLayoutDashboard },
  { href: '/tickets', label: 'nav.tickets', icon: LuTicket },
  { href: '/ZDGKanban', label: 'nav.kanban', icon: LuKanban },
  { href: '/connections', label: 'nav.connections', icon: LuPlug },
  { href: '/contacts', label: 'nav.contacts', icon: LuContactRound },
  { href: '/quickAnswers', label: 'nav.quickAnswers', icon: LuZap },
]

/** Outreach (seed 001): the seed's addresses for the sending pages, then every job with its progress. */
export const OUTREACH_ITEMS: NavItem[] = [
  { href: '/ZDG', label: 'nav.outreach.bulkText', icon: LuMessageSquareText },
  { href: '/ZDGMedia', label: 'nav.outreach.bulkMedia', icon: LuImage },
  { href: '/ZDGMedia2', label: 'nav.outreach.bulkFile', icon: LuFileUp },
  { href: '/ZDGMedia3', label: 'nav.outreach.bulkAudio', icon: LuMic },
  { href: '/ZDGAgendamento', label: 'nav.outreach.schedule', icon: LuCalendarClock },
  { href: '/ZDGHistorico', label: 'nav.outreach.importHistory', icon: LuHistory },
  { href: '/jobs', label: 'nav.outreach.jobs', icon: LuListChecks },
]

export const ADMIN_ITEMS: NavItem[] = [
  { href: '/users', label: 'nav.users', icon: LuUsers },
  { href: '/queues', label: 'nav.queues', icon: LuLayers },
  { href: '/tags', label: 'nav.tags', icon: LuTags },
  { href: '/settings', label: 'nav.settings', icon: LuSettings },
  { href: '/mail', label: 'nav.mail', icon: LuMail },
  { href: '/bots', label: 'nav.bots', icon: LuBot },
]

/** `/` matches only itself; other items also match their sub-paths (`/tickets/12`), case-insensitively. */
export const isActive = (href: string, currentPath: string) => {
  const path = currentPath.toLowerCase().replace(/\/+$/, '') || '/'
  const target = href.toLowerCase()
  return target === '/' ? path === '/' : path === target || path.startsWith(`${target}/`)
}
