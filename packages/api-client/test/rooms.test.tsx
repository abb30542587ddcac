// @vitest-environment jsdom

import { waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { DeskSocket } from '../src/client'
import type { Message, Ticket } from '../src/contract'
import { useMessages, useTickets } from '../src/hooks'
import { createMockSocketServer, fixtures } from '../src/mocks'
import { mockDesk } from './support/desk'

const { render } = mockDesk()
const setup = <P,>(hook: (props: P) => unknown, initialProps: P) => render(hook, { initialProps })

const rooms = (emitted: unknown[][]) => emitted.filter(([name]) => String(name).match(/^(join|leave)/))

describe('the rooms the app asks for', () => {
  it('follows notifications at once and the conversation on screen, never a status list', async () => {
    const { sockets, unmount } = setup(() => ({ chat: useMessages(1), list: useTickets({ status: 'open' }) }), {})
    await waitFor(() => expect(sockets.opened).toHaveLength(1))
    const socket = sockets.live()
    await waitFor(() => expect(rooms(socket.emitted)).toContainEqual(['joinChatBox', 1]))
    expect(rooms(socket.emitted)).toEqual([['joinNotification'], ['joinChatBox', 1]])
    unmount()
    expect(rooms(socket.emitted).at(-1)).toEqual(['leaveChatBox', 1])
  })

  it('leaves a conversation when its last view goes, and switches rooms with the ticket', async () => {
    const { sockets, rerender } = setup(
      ({ a, b }: { a: number | null; b: number | null }) => [useMessages(a), useMessages(b)],
      { a: 1, b: 1 } as { a: number | null; b: number | null },
    )
    await waitFor(() => expect(sockets.opened).toHaveLength(1))
    const socket = sockets.live()
    await waitFor(() => expect(rooms(socket.emitted)).toContainEqual(['joinChatBox', 1]))

    rerender({ a: 1, b: null })
    expect(rooms(socket.emitted)).not.toContainEqual(['leaveChatBox', 1])
    rerender({ a: 2, b: null })
    expect(rooms(socket.emitted).slice(-2)).toEqual([
      ['leaveChatBox', 1],
      ['joinChatBox', 2],
    ])
  })
})

describe('the mock socket server', () => {
  const ticket = (id: number, status: Ticket['status']) => ({ ...fixtures.tickets[0]!, id, status }) as Ticket
  const message = (ticketId: number) => ({ ...fixtures.messages[0]!, ticketId }) as Message
  const ear = (socket: DeskSocket) => {
    const heard: string[] = []
    socket.on('ticket', (e) => heard.push(`ticket ${e.action} ${e.action === 'update' ? e.ticket.id : e.ticketId}`))
    socket.on('appMessage', (e) => heard.push(`appMessage ${e.action} ${e.ticket.id}`))
    return heard
  }

  it('delivers ticket and message events only to sockets in a room they belong to', () => {
    const io = createMockSocketServer()
    const nothing = ear(io.factory(undefined, 'a'))
    const chat = io.factory(undefined, 'b')
    chat.emit('joinChatBox', 1)
    const chatHeard = ear(chat)
    const pending = io.factory(undefined, 'c')
    pending.emit('joinTickets', 'pending')
    const pendingHeard = ear(pending)

    io.emit('ticket', { action: 'update', ticket: ticket(1, 'open') })
    io.emit('ticket', { action: 'update', ticket: ticket(2, 'pending') })
    io.emit('appMessage', {
      action: 'create',
      message: message(2),
      ticket: ticket(2, 'pending'),
      contact: fixtures.contacts[0]!,
    })
    io.emit('appMessage', {
      action: 'update',
      message: message(1),
      ticket: ticket(1, 'open'),
      contact: fixtures.contacts[0]!,
    })

    expect(nothing).toEqual([])
    expect(chatHeard).toEqual(['ticket update 1', 'appMessage update 1'])
    expect(pendingHeard).toEqual(['ticket update 2', 'appMessage create 2'])
    pending.emit('leaveTickets', 'pending')
    io.emit('ticket', { action: 'update', ticket: ticket(2, 'pending') })
    expect(pendingHeard).toHaveLength(2)
  })
})
