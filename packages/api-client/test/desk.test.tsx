// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react'
import { delay, HttpResponse, http } from 'msw'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { createApiClient, createMemoryStorage, TOKEN_KEY } from '../src/client'
import {
  ApiProvider,
  useContactMutations,
  useContacts,
  useDeskCache,
  useMessageMutations,
  useMessages,
  useNotifications,
  useQueues,
  useQuickAnswers,
  useTicket,
  useTicketMutations,
  useTickets,
} from '../src/hooks'
import { fixtures, mockTokenFor } from '../src/mocks'
import { API, mockDesk } from './support/desk'

const desk = mockDesk()
const { server, render } = desk

const setup = <T,>(hook: () => T, userId = fixtures.admin.id) => render(hook, { userId })

const ids = (tickets: { id: number }[]) => tickets.map((t) => t.id)

describe('useTickets and useTicketMutations', () => {
  it('list what the user may see per status, and move an accepted ticket from pending to open at once', async () => {
    const { result } = setup(() => ({
      open: useTickets({ status: 'open' }),
      pending: useTickets({ status: 'pending' }),
      actions: useTicketMutations(),
    }))
    await waitFor(() => expect(result.current.open.count).toBe(4))
    await waitFor(() => expect(ids(result.current.pending.tickets)).toEqual([4, 5, 6]))

    await act(() => result.current.actions.accept(4))
    expect(ids(result.current.pending.tickets)).toEqual([5, 6])
    expect(result.current.pending.count).toBe(2)
    expect(result.current.open.tickets[0]).toMatchObject({ id: 4, status: 'open', userId: fixtures.admin.id })
    expect(result.current.open.count).toBe(5)

    await act(() => result.current.actions.resolve(4))
    expect(ids(result.current.open.tickets)).not.toContain(4)
  })

  it("start a chat: a new ticket, else the contact's live ticket when the caller may see it", async () => {
    const admin = setup(() => useTicketMutations())
    // Contact 9 has only a closed ticket; contact 1 has ticket 1 open.
    await expect(admin.result.current.start(9)).resolves.toMatchObject({ existing: false })
    await expect(admin.result.current.start(1)).resolves.toEqual({ id: 1, existing: true })
    admin.unmount()

    // Ticket 1 is the admin's: an agent is told, not shown it.
    const agent = setup(() => useTicketMutations(), fixtures.agent.id)
    await expect(agent.result.current.start(1)).rejects.toMatchObject({ code: 'ERR_OTHER_OPEN_TICKET' })
  })

  it('accepting a ticket someone else just accepted: ERR_TICKET_CHANGED, and the lists reload without it', async () => {
    const { mocks } = desk
    const { result } = setup(
      () => ({ pending: useTickets({ status: 'pending' }), actions: useTicketMutations() }),
      fixtures.agent.id,
    )
    await waitFor(() => expect(ids(result.current.pending.tickets).sort()).toEqual([5, 6, 8]))
    // The admin accepted ticket 6 a moment ago; its event has not reached this agent.
    const six = mocks.db.tickets.find((t) => t.id === 6)!
    Object.assign(six, { status: 'open', userId: fixtures.admin.id, user: { id: fixtures.admin.id, name: 'Admin' } })
    await act(() => expect(result.current.actions.accept(6)).rejects.toMatchObject({ code: 'ERR_TICKET_CHANGED' }))
    await waitFor(() => expect(ids(result.current.pending.tickets).sort()).toEqual([5, 8]))
  })

  it('an agent sees their own and unassigned pending tickets of their queues only', async () => {
    const { result } = setup(() => useTickets({ status: 'pending' }), fixtures.agent.id)
    // 5 is in Support (the agent's queue), 6 has no queue, 8 is the agent's; 4 is in Sales.
    await waitFor(() => expect(ids(result.current.tickets).sort()).toEqual([5, 6, 8]))
  })

  it('follow live ticket and message events', async () => {
    const { result, sockets } = setup(() => useTickets({ status: 'open' }))
    await waitFor(() => expect(result.current.tickets).toHaveLength(4))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const socket = sockets.live()
    const third = result.current.tickets[2]
    const order = ids(result.current.tickets)

    // The desk's own messages (a transfer notice, say) leave the ticket where it is.
    act(() =>
      socket.push('appMessage', {
        action: 'create',
        message: { ...fixtures.messages[0], id: 998, ticketId: third.id, body: 'Transferred', automatic: true },
        ticket: third,
        contact: third.contact,
      }),
    )
    expect(ids(result.current.tickets)).toEqual(order)

    act(() =>
      socket.push('appMessage', {
        action: 'create',
        message: { ...fixtures.messages[0], id: 999, ticketId: third.id, body: 'again' },
        ticket: { ...third, lastMessage: 'again', unreadMessages: 1 },
        contact: third.contact,
      }),
    )
    expect(result.current.tickets[0]).toMatchObject({ id: third.id, lastMessage: 'again', unreadMessages: 1 })
    expect(result.current.tickets).toHaveLength(4)

    act(() => socket.push('ticket', { action: 'update', ticket: { ...third, status: 'closed' } }))
    expect(ids(result.current.tickets)).not.toContain(third.id)
    expect(result.current.count).toBe(3)
  })
})

describe('a message event that carries its ticket older than the page knows', () => {
  it('leaves the ticket where a later change put it, and still shows the message', async () => {
    const { result, sockets } = setup(() => ({
      open: useTickets({ status: 'open' }),
      pending: useTickets({ status: 'pending' }),
      messages: useMessages(4),
    }))
    await waitFor(() => expect(ids(result.current.pending.tickets)).toEqual([4, 5, 6]))
    await waitFor(() => expect(result.current.open.count).toBe(4))
    await waitFor(() => expect(result.current.messages.isLoading).toBe(false))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const socket = sockets.live()
    const waiting = result.current.pending.tickets[0]!
    const written = new Date(Date.parse(waiting.updatedAt) + 1000).toISOString()
    const accepted = { ...waiting, status: 'open' as const, userId: fixtures.admin.id, unreadMessages: 1 }
    // The customer's message was written first; the accept just after, and its event came first.
    act(() =>
      socket.push('ticket', {
        action: 'update',
        ticket: { ...accepted, updatedAt: new Date(Date.parse(written) + 50).toISOString() },
      }),
    )
    await waitFor(() => expect(ids(result.current.open.tickets)).toContain(4))
    act(() =>
      socket.push('appMessage', {
        action: 'create',
        message: { ...fixtures.messages[0], id: 997, ticketId: 4, body: 'are you there?' },
        ticket: { ...waiting, lastMessage: 'are you there?', unreadMessages: 1, updatedAt: written },
        contact: waiting.contact,
      }),
    )
    await waitFor(() => expect(result.current.messages.messages.some((m) => m.id === 997)).toBe(true))
    expect(ids(result.current.pending.tickets)).toEqual([5, 6])
    expect(result.current.open.tickets.find((t) => t.id === 4)).toMatchObject({ status: 'open' })

    // A message written after the accept moves the ticket as ever.
    act(() =>
      socket.push('appMessage', {
        action: 'create',
        message: { ...fixtures.messages[0], id: 996, ticketId: 4, body: 'thanks' },
        ticket: {
          ...accepted,
          lastMessage: 'thanks',
          unreadMessages: 2,
          updatedAt: new Date(Date.parse(written) + 90).toISOString(),
        },
        contact: waiting.contact,
      }),
    )
    await waitFor(() => expect(result.current.open.tickets[0]).toMatchObject({ id: 4, lastMessage: 'thanks' }))
  })
})

describe('live changes during a first load', () => {
  it('never leave a list or a ticket empty when an event overtakes its first answer', async () => {
    let release = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    server.use(
      http.get(`${API}/tickets/1`, async () => {
        await held
        return HttpResponse.json(fixtures.tickets[0])
      }),
      http.get(`${API}/tickets`, async () => {
        await held
        await delay(1)
        return HttpResponse.json({ tickets: [fixtures.tickets[0]], hasMore: false, count: 1 })
      }),
    )
    const { result } = setup(() => ({ one: useTicket(1), list: useTickets({ status: 'open' }), cache: useDeskCache() }))
    await waitFor(() => expect(result.current.list.isLoading).toBe(true))
    // Reading the conversation marks the ticket read while both first loads are on their way.
    act(() => result.current.cache.applyTicket({ action: 'updateUnread', ticketId: 1 }))
    release()
    await waitFor(() => expect(result.current.one.ticket?.id).toBe(1))
    await waitFor(() => expect(ids(result.current.list.tickets)).toEqual([1]))
  })
})

describe('useMessages and useMessageMutations', () => {
  it('loads the newest 20, older ones upward, and shows a sent reply once even after its echo', async () => {
    const { result, sockets } = setup(() => ({ chat: useMessages(1), send: useMessageMutations(1) }))
    await waitFor(() => expect(result.current.chat.messages).toHaveLength(20))
    expect(result.current.chat.hasMore).toBe(true)
    act(() => result.current.chat.loadOlder())
    await waitFor(() => expect(result.current.chat.messages).toHaveLength(30))
    expect(result.current.chat.hasMore).toBe(false)
    expect(result.current.chat.messages[0].id).toBe(1)

    const quoted = result.current.chat.messages[5]
    const [sent] = await act(() => result.current.send.sendText({ body: 'On its way', quotedMsg: quoted }))
    expect(result.current.chat.messages.at(-1)).toMatchObject({ body: 'On its way', quotedMsg: { id: quoted.id } })

    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    act(() =>
      sockets.live().push('appMessage', {
        action: 'create',
        message: sent,
        ticket: fixtures.tickets[0],
        contact: fixtures.contacts[0],
      }),
    )
    expect(result.current.chat.messages.filter((m) => m.id === sent.id)).toHaveLength(1)
  })

  it('sends files as multipart and marks a deleted message', async () => {
    const { result } = setup(() => ({ chat: useMessages(2), send: useMessageMutations(2) }))
    await waitFor(() => expect(result.current.chat.messages).toHaveLength(1))
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' })
    const [media] = await act(() => result.current.send.sendMedia([file], { body: 'Here' }))
    expect(media).toMatchObject({ mediaType: 'image', body: 'Here', fromMe: true })
    await act(() => result.current.send.remove(media.id))
    expect(result.current.chat.messages.find((m) => m.id === media.id)?.isDeleted).toBe(true)
  })
})

describe('contacts, queues, quick answers and the bell', () => {
  it('search contacts on the server and show a created one', async () => {
    const { result, rerender } = renderHook(
      ({ q }: { q: string }) => ({ list: useContacts({ searchParam: q }), actions: useContactMutations() }),
      { wrapper: wrapperFor(), initialProps: { q: '' } },
    )
    await waitFor(() => expect(result.current.list.contacts).toHaveLength(20))
    expect(result.current.list.hasMore).toBe(true)
    rerender({ q: 'marina' })
    await waitFor(() => expect(result.current.list.contacts.map((c) => c.name)).toEqual(['Marina Costa']))
    await act(() => result.current.actions.createContact({ name: 'Marina Souza', number: '5511999990000' }))
    expect(result.current.list.contacts.map((c) => c.name)).toContain('Marina Souza')
  })

  it('list queues and quick answers, and fill the bell with unread tickets', async () => {
    const { result } = setup(() => ({
      queues: useQueues(),
      answers: useQuickAnswers({ searchParam: 'hel' }),
      bell: useNotifications(),
    }))
    await waitFor(() => expect(result.current.queues.queues?.map((q) => q.name)).toEqual(['Sales', 'Support']))
    await waitFor(() => expect(result.current.answers.quickAnswers.map((a) => a.shortcut)).toEqual(['hello']))
    await waitFor(() => expect(ids(result.current.bell.tickets).sort((a, b) => a - b)).toEqual([1, 4, 5, 6, 11]))
    expect(result.current.bell.unread).toBe(11)
  })
})

describe('useNotifications', () => {
  it('adds a ticket with a new unread message, and drops it once read or deleted', async () => {
    const { result, sockets } = setup(() => useNotifications())
    await waitFor(() => expect(result.current.tickets).toHaveLength(5))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const socket = sockets.live()
    const quiet = fixtures.tickets.find((t) => t.id === 2)!
    act(() =>
      socket.push('appMessage', {
        action: 'create',
        message: { ...fixtures.messages[0], id: 998, ticketId: 2, body: 'one more thing' },
        ticket: { ...quiet, unreadMessages: 1, lastMessage: 'one more thing' },
        contact: quiet.contact,
      }),
    )
    expect(result.current.tickets[0]).toMatchObject({ id: 2, lastMessage: 'one more thing' })
    expect(result.current.unread).toBe(12)

    act(() => socket.push('ticket', { action: 'updateUnread', ticketId: 2 }))
    expect(ids(result.current.tickets)).not.toContain(2)
    act(() => socket.push('ticket', { action: 'delete', ticketId: 11 }))
    expect(ids(result.current.tickets)).not.toContain(11)
    expect(result.current.count).toBe(4)
  })
})

function wrapperFor() {
  const storage = createMemoryStorage({ [TOKEN_KEY]: JSON.stringify(mockTokenFor(fixtures.admin.id)) })
  const client = createApiClient({ baseUrl: API, storage })
  return ({ children }: { children: ReactNode }) => (
    <ApiProvider client={client} live={false}>
      {children}
    </ApiProvider>
  )
}

describe('the cache after its provider is gone', () => {
  it('takes an answer that arrives after sign-out without writing or throwing', async () => {
    const { result, unmount } = setup(() => ({ list: useContacts(), cache: useDeskCache() }))
    await waitFor(() => expect(result.current.list.contacts.length).toBeGreaterThan(0))
    const { cache } = result.current
    const rejections: unknown[] = []
    const onRejection = (reason: unknown) => void rejections.push(reason)
    process.on('unhandledRejection', onRejection)
    try {
      unmount()
      // A contact saved just before, whose answer lands now.
      cache.applyContact({ action: 'update', contact: { ...fixtures.contacts[0]!, name: 'Saved late' } })
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(rejections).toEqual([])
    } finally {
      process.off('unhandledRejection', onRejection)
    }
  })
})
