import type { IconType } from 'react-icons'
import { FaInstagram } from 'react-icons/fa6'
import {
  LuBot,
  LuBotMessageSquare,
  LuCalendarClock,
  LuContactRound,
  LuFileText,
  LuFileUp,
  LuHistory,
  LuImage,
  LuKanban,
  LuLayers,
  LuLayoutDashboard,
  LuListChecks,
  LuMail,
  LuMessageCircle,
  LuMessageSquareText,
  LuMessagesSquare,
  LuMic,
  LuPhoneCall,
  LuPlug,
  LuSettings,
  LuTags,
  LuTicket,
  LuUsers,
  LuUsersRound,
  LuZap,
} from 'react-icons/lu'
import type { MessageId } from '../i18n'

/** The icons a menu entry may carry, by name (the app's page table names them). */
export const NAV_ICONS = {
  dashboard: LuLayoutDashboard,
  tickets: LuTicket,
  kanban: LuKanban,
  connections: LuPlug,
  contacts: LuContactRound,
  quickAnswers: LuZap,
  bulkText: LuMessageSquareText,
  bulkMedia: LuImage,
  bulkFile: LuFileUp,
  bulkAudio: LuMic,
  schedule: LuCalendarClock,
  importHistory: LuHistory,
  groups: LuUsersRound,
  sms: LuMessagesSquare,
  voiceCall: LuPhoneCall,
  instagram: FaInstagram,
  jobs: LuListChecks,
  users: LuUsers,
  queues: LuLayers,
  tags: LuTags,
  templates: LuFileText,
  settings: LuSettings,
  mail: LuMail,
  bots: LuBot,
  chat: LuMessageCircle,
  chatbot: LuBotMessageSquare,
} satisfies Record<string, IconType>
export type NavIcon = keyof typeof NAV_ICONS

/** One entry of the menu (and of the command palette's pages): where it goes, its name and icon. */
export interface NavItem {
  href: string
  label: MessageId
  icon: NavIcon
  /** Carries the '!' badge while the shell's `connectionsAlert` is on. */
  showsConnectionsAlert?: boolean
  /** A count shown beside the entry (the team chat's unread messages); nothing at 0. */
  badge?: number
}

/** A group of entries, under a heading unless it is the first, main one. */
export interface NavSection {
  heading?: MessageId
  /** Shown beside each of its pages in the command palette, and searched with their names. */
  paletteDetail?: MessageId
  items: NavItem[]
}

/** `/` matches only itself; other items also match their sub-paths (`/tickets/12`), case-insensitively. */
export const isActive = (href: string, currentPath: string) => {
  const path = currentPath.toLowerCase().replace(/\/+$/, '') || '/'
  const target = href.toLowerCase()
  return target === '/' ? path === '/' : path === target || path.startsWith(`${target}/`)
}
