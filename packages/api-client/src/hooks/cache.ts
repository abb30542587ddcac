import type { Setting, SettingsEvent, User, UserEvent, UserListResponse } from '../contract'

/** SWR keys, one place. */
export const keys = {
  users: (searchParam: string, pageNumber: number) => ['users', searchParam, pageNumber] as const,
  user: (id: number) => ['user', id] as const,
  settings: 'settings',
  /** `filters` is the list's parameters serialized (see `ticketListKey`). */
  tickets: (filters: string, pageNumber: number) => ['tickets', filters, pageNumber] as const,
  ticket: (id: number) => ['ticket', id] as const,
  messages: (ticketId: number, pageNumber: number) => ['messages', ticketId, pageNumber] as const,
  contacts: (searchParam: string, pageNumber: number) => ['contacts', searchParam, pageNumber] as const,
  contact: (id: number) => ['contact', id] as const,
  queues: 'queues',
  tags: 'tags',
  contactTags: (contactId: number) => ['contactTags', contactId] as const,
  quickAnswers: (searchParam: string, pageNumber: number) => ['quickAnswers', searchParam, pageNumber] as const,
  /** `filter` is the list's kind and status serialized (see `jobListFilterKey`). */
  jobs: (filter: string, pageNumber: number) => ['jobs', filter, pageNumber] as const,
  job: (id: number) => ['job', id] as const,
  jobRecipients: (jobId: number, state: string, pageNumber: number) =>
    ['jobRecipients', jobId, state, pageNumber] as const,
  dispatchConnections: 'dispatchConnections',
  lanes: 'lanes',
  cards: 'cards',
  card: (ticketId: number) => ['card', ticketId] as const,
  outreachFiles: 'outreachFiles',
  groups: (whatsappId: number) => ['groups', whatsappId] as const,
  dashboard: (date: string | undefined, utcOffset: number) => ['dashboard', date ?? '', utcOffset] as const,
} as const

const matchesSearch = (user: User, searchParam: string) => {
  const q = searchParam.trim().toLowerCase()
  return !q || user.name.toLowerCase().includes(q) || user.email.toLowerCase().includes(q)
}

/**
 * Applies a user event to the loaded pages of one users list: an update replaces the
 * user in place, a create (or an update of a user not loaded) inserts at the top when the
 * user matches the list's search, a delete removes by id.
 */
export function applyUserEventToPages(
  pages: UserListResponse[] | undefined,
  event: UserEvent,
  searchParam: string,
): UserListResponse[] | undefined {
  if (!pages?.length) return pages
  if (event.action === 'delete') {
    return pages.map((page) => ({ ...page, users: page.users.filter((u) => u.id !== event.userId) }))
  }
  const { user } = event
  const loaded = pages.some((page) => page.users.some((u) => u.id === user.id))
  const visible = matchesSearch(user, searchParam)
  if (loaded) {
    return pages.map((page) => ({
      ...page,
      users: visible
        ? page.users.map((u) => (u.id === user.id ? user : u))
        : page.users.filter((u) => u.id !== user.id),
    }))
  }
  if (!visible) return pages
  const [first, ...rest] = pages
  return [{ ...first, users: [user, ...first.users] }, ...rest]
}

/** Applies a settings event to the settings list: replace by key, or add. */
export function applySettingToList(list: Setting[] | undefined, setting: Setting): Setting[] | undefined {
  if (!list) return list
  return list.some((s) => s.key === setting.key)
    ? list.map((s) => (s.key === setting.key ? setting : s))
    : [...list, setting]
}

export type { SettingsEvent, UserEvent }
