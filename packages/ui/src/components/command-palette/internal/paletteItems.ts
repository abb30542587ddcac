import type { IconType } from 'react-icons'
import { LuContactRound, LuTicket } from 'react-icons/lu'
import type { MessageId } from '../../../i18n'
import { ADMIN_ITEMS, MAIN_ITEMS, type NavItem, OUTREACH_ITEMS } from '../../../internal/navItems'
import type { CommandPaletteContact, CommandPaletteTicket } from '../types'

export type PaletteGroup = 'pages' | 'tickets' | 'contacts'

/** One option of the palette, whatever it leads to. */
export interface PaletteItem {
  key: string
  group: PaletteGroup
  label: string
  detail?: string
  icon: IconType
  choose: () => void
}

interface ItemSources {
  query: string
  isAdmin: boolean
  /** Tickets and contacts are searched from this many characters. */
  searchMinLength: number
  tickets: CommandPaletteTicket[]
  contacts: CommandPaletteContact[]
  t: (id: MessageId, values?: Record<string, string | number>) => string
  onNavigate: (href: string) => void
  onOpenTicket: (ticket: CommandPaletteTicket) => void
  onOpenContact: (contact: CommandPaletteContact) => void
}

/** Case and accents do not count: "negocios" finds "Negócios". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

export const isSearchable = (query: string, min: number) => query.trim().length >= min

/**
 * Pages the user may see whose name (or group, "Outreach") matches, all of them for an empty query, as the
 * menu shows them: the main pages and the outreach pages to everyone signed in, administration to
 * administrators; then the tickets, then the contacts.
 */
export function paletteItems(s: ItemSources): PaletteItem[] {
  const wanted = fold(s.query.trim())
  const page = (group?: MessageId) => (item: NavItem) => ({
    key: `page:${item.href}`,
    group: 'pages' as const,
    label: s.t(item.label),
    detail: group && s.t(group),
    icon: item.icon,
    choose: () => s.onNavigate(item.href),
  })
  const pages: PaletteItem[] = [
    ...MAIN_ITEMS.map(page()),
    ...OUTREACH_ITEMS.map(page('nav.outreach')),
    ...(s.isAdmin ? ADMIN_ITEMS.map(page()) : []),
  ].filter((item) => fold(item.label).includes(wanted) || fold(item.detail ?? '').includes(wanted))
  if (!isSearchable(s.query, s.searchMinLength)) return pages
  const tickets = s.tickets.map((ticket) => ({
    key: `ticket:${ticket.id}`,
    group: 'tickets' as const,
    label: `#${ticket.id} · ${ticket.contact.name}`,
    detail: [ticket.contact.number, s.t(`palette.status.${ticket.status}`)].filter(Boolean).join(' · '),
    icon: LuTicket,
    choose: () => s.onOpenTicket(ticket),
  }))
  const contacts = s.contacts.map((contact) => ({
    key: `contact:${contact.id}`,
    group: 'contacts' as const,
    label: contact.name,
    detail: contact.number ?? undefined,
    icon: LuContactRound,
    choose: () => s.onOpenContact(contact),
  }))
  return [...pages, ...tickets, ...contacts]
}
