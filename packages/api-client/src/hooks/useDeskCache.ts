import { useMemo } from 'react'
import { type Arguments, type MutatorOptions, unstable_serialize, useSWRConfig } from 'swr'
import type {
  AppMessageEvent,
  Contact,
  ContactEvent,
  ContactListResponse,
  Message,
  Queue,
  QueueEvent,
  QuickAnswer,
  QuickAnswerEvent,
  QuickAnswerListResponse,
  Ticket,
  TicketEvent,
  TicketListResponse,
} from '../contract'
import { keys } from './cache'
import { isReleased } from './cacheLifetime'
import { type CachedList, useApiContext, useSession } from './context'
import {
  applyEntityToList,
  applyEntityToPages,
  contactMatches,
  type EntityChange,
  quickAnswerMatches,
} from './entityRules'
import { applyMessageToPages, type MessagePages } from './messageRules'
import {
  applyContactToPages,
  applyMessageTicketToPages,
  applyTicketEventToPages,
  type TicketViewer,
} from './ticketRules'

const quiet = { revalidate: false } as const

/** `next`, with the extra info `known` has when `next` carries none (contact events may leave it out). */
const withKnownExtraInfo = (next: Contact, known: Contact | undefined): Contact =>
  next.extraInfo || !known?.extraInfo ? next : { ...next, extraInfo: known.extraInfo }

/**
 * Applies the desk's entity events to every loaded list and item of the SWR cache. Live socket
 * events and the answers of one's own mutations go through the same functions.
 */
export function useDeskCache() {
  const { mutate: write, cache } = useSWRConfig()
  const { lists } = useApiContext()
  const { user } = useSession()
  const viewer: TicketViewer | null = user

  return useMemo(() => {
    /**
     * Applies a change to one cache entry. An update function only touches an entry that holds
     * data: SWR drops the answer of a request that a mutation overtook, so "changing" an entry
     * whose first load is on its way would leave it empty for good.
     */
    const mutate = <T>(key: Arguments, change: T | ((current?: T) => T | undefined), options: MutatorOptions) => {
      // An answer that arrives after its provider unmounted (a save finishing after sign-out) has no list to update.
      if (isReleased(cache)) return Promise.resolve(undefined)
      if (typeof change === 'function') {
        const id = typeof key === 'string' ? key : unstable_serialize(key)
        if (cache.get(id)?.data === undefined) return Promise.resolve(undefined)
      }
      return write(key, change as T, options)
    }

    const each = <K extends CachedList['kind']>(kind: K) => lists.ofKind(kind)

    /**
     * The latest change of each ticket that an event told of (its `updatedAt`). A message's event carries its
     * ticket as the message left it, and may arrive after the event of a later change (an accept committed
     * just after the message, or answered by another server process first): that ticket is older than what
     * the page shows and would take the ticket back (into the waiting list, say). Then only the message goes in.
     */
    const latest = new Map<number, number>()
    const isOlder = (ticket: Ticket) =>
      Date.parse(ticket.updatedAt) < (latest.get(ticket.id) ?? Number.NEGATIVE_INFINITY)
    const note = (ticket: Ticket) => {
      const at = Date.parse(ticket.updatedAt)
      if (at > (latest.get(ticket.id) ?? Number.NEGATIVE_INFINITY)) latest.set(ticket.id, at)
    }

    const applyTicket = (event: TicketEvent) => {
      if (event.action === 'update') note(event.ticket)
      for (const [key, { params }] of each('tickets')) {
        void mutate(key, (pages?: TicketListResponse[]) => applyTicketEventToPages(pages, event, params, viewer), quiet)
      }
      if (event.action === 'update') void mutate(keys.ticket(event.ticket.id), event.ticket, quiet)
      else if (event.action === 'updateUnread') {
        void mutate(keys.ticket(event.ticketId), (t?: Ticket) => (t ? { ...t, unreadMessages: 0 } : t), quiet)
      }
    }

    /** Puts a message in its conversation's loaded pages (a send's answer, before the socket's echo). */
    const applyConversationMessage = (message: Message) => {
      for (const [key, { ticketId }] of each('messages')) {
        if (ticketId !== message.ticketId) continue
        void mutate(key, (pages?: MessagePages) => applyMessageToPages(pages, message), quiet)
      }
    }

    const applyMessage = (event: Pick<AppMessageEvent, 'action' | 'message' | 'ticket'>) => {
      if (isOlder(event.ticket)) return applyConversationMessage(event.message)
      note(event.ticket)
      // An automatic message (menu, greeting, notice, farewell) is no activity: it does not move the ticket.
      const action = event.message.automatic ? 'update' : event.action
      for (const [key, { params }] of each('tickets')) {
        void mutate(
          key,
          (pages?: TicketListResponse[]) => applyMessageTicketToPages(pages, action, event.ticket, params, viewer),
          quiet,
        )
      }
      applyConversationMessage(event.message)
      void mutate(keys.ticket(event.ticket.id), event.ticket, quiet)
    }

    /** The ids of the single tickets in the cache (`useTicket`'s entries) that show this contact. */
    const cachedTicketsOf = (contactId: number) => {
      const ids: number[] = []
      for (const key of cache.keys()) {
        const ticket = cache.get(key)?.data as Partial<Ticket> | undefined
        if (ticket?.contactId !== contactId || typeof ticket.id !== 'number') continue
        if (key === unstable_serialize(keys.ticket(ticket.id))) ids.push(ticket.id)
      }
      return ids
    }

    const applyContact = (event: ContactEvent) => {
      const change =
        event.action === 'delete'
          ? { action: 'delete' as const, id: event.contactId }
          : { action: event.action, item: event.contact }
      for (const [key, { searchParam }] of each('contacts')) {
        void mutate(
          key,
          (pages?: ContactListResponse[]) =>
            applyEntityToPages(
              pages,
              'contacts',
              change,
              (c: Contact) => contactMatches(c, searchParam),
              (loaded, next) => withKnownExtraInfo(next, loaded),
            ),
          quiet,
        )
      }
      if (event.action === 'delete') return void mutate(keys.contact(event.contactId), undefined, quiet)
      const { contact } = event
      // An event without extra info (a name the network sent) must not blank the rows a form would save.
      if (contact.extraInfo) void mutate(keys.contact(contact.id), contact, quiet)
      else void mutate(keys.contact(contact.id), (c?: Contact) => c && withKnownExtraInfo(contact, c), quiet)
      for (const [key] of each('tickets')) {
        void mutate(key, (pages?: TicketListResponse[]) => applyContactToPages(pages, contact), quiet)
      }
      for (const id of cachedTicketsOf(contact.id)) {
        void mutate(
          keys.ticket(id),
          (t?: Ticket) =>
            t?.contactId === contact.id
              ? { ...t, contact: withKnownExtraInfo({ ...t.contact, ...contact }, t.contact) }
              : t,
          quiet,
        )
      }
    }

    const applyQueue = (event: QueueEvent) => {
      const change: EntityChange<Queue> =
        event.action === 'delete'
          ? { action: 'delete', id: event.queueId }
          : { action: event.action, item: event.queue }
      void mutate(keys.queues, (list?: Queue[]) => applyEntityToList(list, change, (q) => q.name.toLowerCase()), quiet)
    }

    const applyQuickAnswer = (event: QuickAnswerEvent) => {
      const change =
        event.action === 'delete'
          ? { action: 'delete' as const, id: event.quickAnswerId }
          : { action: event.action, item: event.quickAnswer }
      for (const [key, { searchParam }] of each('quickAnswers')) {
        void mutate(
          key,
          (pages?: QuickAnswerListResponse[]) =>
            applyEntityToPages(pages, 'quickAnswers', change, (a: QuickAnswer) => quickAnswerMatches(a, searchParam)),
          quiet,
        )
      }
    }

    return { applyTicket, applyMessage, applyConversationMessage, applyContact, applyQueue, applyQuickAnswer }
  }, [write, cache, lists, viewer])
}
