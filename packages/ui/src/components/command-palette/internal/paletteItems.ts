import type { IconType } from 'react-icons'
import { LuContactRound, LuTicket } from 'react-icons/lu'
import type { MessageId } from '../../../i18n'
import { NAV_ICONS, type NavItem, type NavSection } from '../../../internal/navItems'
import { formatPhoneNumber } from '../../../lib/phone'
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
  /** The pages this user may go to, as the menu groups them. */
  pages: NavSection[]
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
 * The pages given (the menu's, for this user) whose name or detail ("Outreach") matches, all of them for
 * an empty query; then the tickets, then the contacts.
 */
export function paletteItems(s: ItemSources): PaletteItem[] {
  const wanted = fold(s.query.trim())
  const page = (group?: MessageId) => (item: NavItem) => ({
    key: `page:${item.href}`,
    group: 'pages' as const,
    label: s.t(item.label),
    detail: group && s.t(group),
    icon: NAV_ICONS[item.icon],
    choose: () => s.onNavigate(item.href),
  })
  const pages: PaletteItem[] = s.pages
    .flatMap((section) => section.items.map(page(section.paletteDetail)))
    .filter((item) => fold(item.label).includes(wanted) || fold(item.detail ?? '').includes(wanted))
  if (!isSearchable(s.query, s.searchMinLength)) return pages
  const tickets = s.tickets.map((ticket) => ({
    key: `ticket:${ticket.id}`,
    group: 'tickets' as const,
    label: `#${ticket.id} · ${ticket.contact.name}`,
    detail: [ticket.contact.number && formatPhoneNumber(ticket.contact.number), s.t(`palette.status.${ticket.status}`)]
      .filter(Boolean)
      .join(' · '),
    icon: LuTicket,
    choose: () => s.onOpenTicket(ticket),
  }))
  const contacts = s.contacts.map((contact) => ({
    key: `contact:${contact.id}`,
    group: 'contacts' as const,
    label: contact.name,
    detail: contact.number ? formatPhoneNumber(contact.number) : undefined,
    icon: LuContactRound,
    choose: () => s.onOpenContact(contact),
  }))
  return [...pages, ...tickets, ...contacts]
}
