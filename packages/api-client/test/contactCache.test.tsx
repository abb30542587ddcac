// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useContact, useContacts, useTicket } from '../src/hooks'
import { deskFixtures } from '../src/mocks'
import { mockDesk } from './support/desk'

const { mocks, render } = mockDesk()

const setup = <T,>(hook: () => T) => render(hook)

// Marina Costa: one extra-info row, and ticket 1 is hers.
const marina = deskFixtures.contacts[0]
const ticketId = deskFixtures.tickets.find((t) => t.contactId === marina.id)!.id

describe('contact events in the cache', () => {
  it('keep the known extra info when an event carries none, and rename the contact in an open conversation', async () => {
    const { result, sockets } = setup(() => ({
      list: useContacts(),
      one: useContact(marina.id),
      ticket: useTicket(ticketId),
    }))
    await waitFor(() => expect(result.current.list.contacts).toHaveLength(20))
    await waitFor(() => expect(result.current.one.contact?.extraInfo).toEqual(marina.extraInfo))
    await waitFor(() => expect(result.current.ticket.ticket?.contact.name).toBe(marina.name))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const row = () => result.current.list.contacts.find((c) => c.id === marina.id)
    expect(row()?.extraInfo).toEqual(marina.extraInfo)

    // What the server announces when the network gives a contact a new name: no extra info.
    const { extraInfo: _, ...renamed } = { ...marina, name: 'Marina Costa Lima' }
    act(() => sockets.live().push('contact', { action: 'update', contact: renamed }))

    expect(row()).toMatchObject({ name: 'Marina Costa Lima', extraInfo: marina.extraInfo })
    expect(result.current.one.contact).toMatchObject({ name: 'Marina Costa Lima', extraInfo: marina.extraInfo })
    expect(result.current.ticket.ticket?.contact.name).toBe('Marina Costa Lima')

    // An event with the rows replaces them.
    const rows = [{ id: 90, name: 'Plan', value: 'Basic' }]
    act(() => sockets.live().push('contact', { action: 'update', contact: { ...renamed, extraInfo: rows } }))
    expect(row()?.extraInfo).toEqual(rows)
    expect(result.current.one.contact?.extraInfo).toEqual(rows)
  })

  it('leave other conversations alone', async () => {
    const other = deskFixtures.tickets.find((t) => t.contactId !== marina.id)!
    const { result, sockets } = setup(() => useTicket(other.id))
    await waitFor(() => expect(result.current.ticket?.contact.name).toBe(other.contact.name))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    act(() => sockets.live().push('contact', { action: 'update', contact: { ...marina, name: 'Someone Else' } }))
    expect(result.current.ticket?.contact.name).toBe(other.contact.name)
  })
})

describe('the contacts mock', () => {
  it('lists every contact with its extra info and saves rows as the server does', async () => {
    const { client } = setup(() => null)
    mocks.db.contacts = mocks.db.contacts.map(({ extraInfo, ...c }) => (c.id === marina.id ? { ...c, extraInfo } : c))
    const { contacts } = await client.contacts.list()
    expect(contacts.find((c) => c.id === marina.id)?.extraInfo).toEqual(marina.extraInfo)
    expect(contacts.filter((c) => c.id !== marina.id).every((c) => c.extraInfo?.length === 0)).toBe(true)

    const [plan] = marina.extraInfo ?? []
    expect((await client.contacts.update(marina.id, { name: 'Marina C.' })).extraInfo).toEqual(marina.extraInfo)
    const saved = await client.contacts.update(marina.id, {
      extraInfo: [
        { name: 'City', value: 'Santos' },
        { id: plan?.id, name: 'Plan', value: 'Gold' },
      ],
    })
    expect(saved.extraInfo).toEqual([
      { id: plan?.id, name: 'Plan', value: 'Gold' },
      { id: expect.any(Number), name: 'City', value: 'Santos' },
    ])
    const other = await client.contacts.update(2, { extraInfo: [{ id: plan?.id, name: 'Copied', value: 'x' }] })
    expect(other.extraInfo?.[0]?.id).not.toBe(plan?.id)
  })
})
