// @vitest-environment jsdom

import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Message } from '../src/contract'
import { useMessages, useTicket, useTickets } from '../src/hooks'
import { fixtures } from '../src/mocks'
import { mockDesk } from './support/desk'

const { mocks, server, render } = mockDesk()
const setup = <T,>(hook: () => T, connected = true) => render(hook, { connected })

/** A customer message stored by the server while the agent's socket is away (the event never arrives). */
function arrivesWhileCut(ticketId: number, n: number): Message {
  const at = new Date(Date.UTC(2026, 0, 16, 9, n)).toISOString()
  const message: Message = {
    id: mocks.db.nextId++,
    ticketId,
    body: `missed ${n}`,
    fromMe: false,
    read: false,
    mediaUrl: null,
    mediaType: 'chat',
    ack: 0,
    isDeleted: false,
    createdAt: at,
    updatedAt: at,
  }
  mocks.db.messages.push(message)
  mocks.db.tickets = mocks.db.tickets.map((t) =>
    t.id === ticketId ? { ...t, lastMessage: message.body, updatedAt: at, unreadMessages: t.unreadMessages + 1 } : t,
  )
  return message
}

const ids = (messages: Message[]) => messages.map((m) => String(m.id))

describe('after a socket reconnect', () => {
  it('shows every message missed while disconnected exactly once, keeping the older pages loaded', async () => {
    const { result, sockets } = setup(() => ({ chat: useMessages(1), open: useTickets({ status: 'open' }) }))
    await waitFor(() => expect(result.current.chat.messages).toHaveLength(20))
    act(() => result.current.chat.loadOlder())
    await waitFor(() => expect(result.current.chat.messages).toHaveLength(30))
    await waitFor(() => expect(result.current.open.tickets.length).toBeGreaterThan(0))
    const socket = sockets.live()
    expect(socket.emitted).toContainEqual(['joinChatBox', 1])
    expect(socket.emitted).toContainEqual(['joinNotification'])

    // One message arrives live before the cut; it must not show twice after the catch-up.
    const before = arrivesWhileCut(1, 0)
    act(() =>
      socket.push('appMessage', {
        action: 'create',
        message: before,
        ticket: mocks.db.tickets[0],
        contact: fixtures.contacts[0],
      }),
    )
    expect(result.current.chat.messages).toHaveLength(31)

    act(() => socket.cut())
    const missed = Array.from({ length: 25 }, (_, i) => arrivesWhileCut(1, i + 1))
    // Delivered while cut: the fake drops them, as a dead connection would.
    act(() =>
      socket.push('appMessage', {
        action: 'create',
        message: missed[0],
        ticket: mocks.db.tickets[0],
        contact: fixtures.contacts[0],
      }),
    )
    expect(result.current.chat.messages).toHaveLength(31)
    const joinsBefore = socket.emitted.length

    act(() => socket.reconnect())
    await waitFor(() => expect(result.current.chat.messages).toHaveLength(56))
    const shown = ids(result.current.chat.messages)
    expect(new Set(shown).size).toBe(shown.length)
    for (const m of [...fixtures.messages.filter((m) => m.ticketId === 1), before, ...missed]) {
      expect(shown).toContain(String(m.id))
    }
    // Oldest first, the last missed one at the end.
    expect(result.current.chat.messages.at(-1)?.body).toBe('missed 25')
    // The rooms are joined again and the ticket list is reloaded with the last message.
    expect(socket.emitted.slice(joinsBefore)).toEqual(
      expect.arrayContaining([['joinChatBox', 1], ['joinNotification']]),
    )
    await waitFor(() => expect(result.current.open.tickets.find((t) => t.id === 1)?.lastMessage).toBe('missed 25'))
  })

  it('catches up on a first connect that comes after the first read: what arrived before the join shows', async () => {
    const { result, sockets } = setup(() => useMessages(2), false)
    await waitFor(() => expect(result.current.messages).toHaveLength(1))
    const socket = sockets.live()
    expect(socket.emitted).not.toContainEqual(['joinChatBox', 2])
    // Stored after the first read and before the socket joined the room: no event reaches the page.
    const early = arrivesWhileCut(2, 1)

    act(() => socket.reconnect())
    expect(socket.emitted).toContainEqual(['joinChatBox', 2])
    await waitFor(() => expect(ids(result.current.messages)).toContain(String(early.id)))
    expect(result.current.messages).toHaveLength(2)
  })
})

describe('the open conversation after a socket reconnect', () => {
  it('reads its ticket again: a status changed elsewhere during the cut shows', async () => {
    const { result, sockets } = setup(() => useTicket(1))
    await waitFor(() => expect(result.current.ticket?.id).toBe(1))
    const before = result.current.ticket!.status
    const socket = sockets.live()

    act(() => socket.cut())
    const changed = before === 'closed' ? 'open' : 'closed'
    mocks.db.tickets = mocks.db.tickets.map((t) => (t.id === 1 ? { ...t, status: changed } : t))
    expect(result.current.ticket?.status).toBe(before)

    act(() => socket.reconnect())
    await waitFor(() => expect(result.current.ticket?.status).toBe(changed))
    expect(result.current.deleted).toBe(false)
  })

  it('counts a ticket deleted during the cut as deleted', async () => {
    const { result, sockets } = setup(() => useTicket(2))
    await waitFor(() => expect(result.current.ticket?.id).toBe(2))
    const socket = sockets.live()

    act(() => socket.cut())
    mocks.db.tickets = mocks.db.tickets.filter((t) => t.id !== 2)
    act(() => socket.reconnect())
    await waitFor(() => expect(result.current.deleted).toBe(true))
  })
})

describe('a customer message arriving in the conversation on screen', () => {
  it("is marked read once for a burst; the agent's own messages and other tickets are not", async () => {
    const { result, sockets } = setup(() => useMessages(1))
    await waitFor(() => expect(result.current.messages.length).toBeGreaterThan(0))
    const socket = sockets.live()
    const reads: string[] = []
    server.events.on('request:start', ({ request }) => {
      if (request.method === 'GET' && request.url.includes('/messages/')) reads.push(request.url)
    })
    const push = (message: Message) =>
      socket.push('appMessage', {
        action: 'create',
        message,
        ticket: mocks.db.tickets[0],
        contact: fixtures.contacts[0],
      })

    act(() => push({ ...arrivesWhileCut(1, 1), fromMe: true }))
    act(() => push({ ...arrivesWhileCut(2, 2), ticketId: 2 }))
    await new Promise((resolve) => setTimeout(resolve, 1200))
    expect(reads, reads.join()).toEqual([])

    act(() => push(arrivesWhileCut(1, 3)))
    act(() => push(arrivesWhileCut(1, 4)))
    await waitFor(() => expect(reads).toHaveLength(1), { timeout: 8000 })
    expect(reads[0]).toMatch(/\/messages\/1\?pageNumber=1$/)
    server.events.removeAllListeners()
  })
})
