// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { BotEvent, BotSwitch } from '../src/contract'
import { useTicketBots } from '../src/hooks'
import { mockDesk } from './support/desk'

const { mocks, render } = mockDesk()

const n8nOf = (switches: BotSwitch[]) => switches.find((s) => s.kind === 'n8n')
const on: BotSwitch = { kind: 'n8n', state: 'on', configured: true, failedAt: null, error: null }

describe('a ticket’s bot switches, live', () => {
  it("show a switch of the contact that names the contact's newer ticket, and ignore other contacts'", async () => {
    const ticket = mocks.db.tickets[0]!
    const other = mocks.db.tickets.find((t) => t.contactId !== ticket.contactId)!
    const { result, sockets } = render(() => useTicketBots(ticket.id))
    await waitFor(() => expect(n8nOf(result.current.switches)?.state).toBe('off'))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))

    const elsewhere: BotEvent = { action: 'update', ticketId: other.id, contactId: other.contactId, switch: on }
    await act(async () => sockets.live().push('bot', elsewhere))
    expect(n8nOf(result.current.switches)?.state).toBe('off')
    const newer: BotEvent = { action: 'update', ticketId: 9999, contactId: ticket.contactId, switch: on }
    act(() => sockets.live().push('bot', newer))
    await waitFor(() => expect(n8nOf(result.current.switches)?.state).toBe('on'))
  })
})
