// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Contact, Queue, QuickAnswer } from '../src/contract'
import { useContacts, useQueues, useQuickAnswers } from '../src/hooks'
import { deskFixtures } from '../src/mocks'
import { mockDesk } from './support/desk'

const { mocks, render } = mockDesk()

/** Renders `hook` with a search as its props, signed in as the admin, over a fake socket. */
const setup = <T,>(hook: (props: { searchParam: string }) => T, searchParam = '') =>
  render(hook, { initialProps: { searchParam } })

const STAMP = '2026-01-15T10:00:00.000Z'
const names = (items: Array<{ name: string }>) => items.map((i) => i.name)
const contact = (fields: Partial<Contact> & Pick<Contact, 'id' | 'name'>): Contact => ({
  number: null,
  email: null,
  profilePicUrl: null,
  isGroup: false,
  extraInfo: [],
  createdAt: STAMP,
  updatedAt: STAMP,
  ...fields,
})
const answer = (fields: Pick<QuickAnswer, 'id' | 'shortcut' | 'message'>): QuickAnswer => ({
  createdAt: STAMP,
  updatedAt: STAMP,
  ...fields,
})
const [marina, bruna] = deskFixtures.contacts

describe('live contact events on the contacts list', () => {
  it('put a new contact on top, replace an edited one in place and drop a deleted one', async () => {
    const { result, sockets } = setup(useContacts)
    await waitFor(() => expect(result.current.contacts).toHaveLength(20))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const position = result.current.contacts.findIndex((c) => c.id === bruna.id)

    act(() => sockets.live().push('contact', { action: 'create', contact: contact({ id: 900, name: 'Zoe New' }) }))
    expect(result.current.contacts[0]).toMatchObject({ id: 900, name: 'Zoe New' })

    act(() => sockets.live().push('contact', { action: 'update', contact: { ...bruna, name: 'Renamed Contact' } }))
    expect(result.current.contacts[position + 1]).toMatchObject({ id: bruna.id, name: 'Renamed Contact' })
    expect(result.current.contacts).toHaveLength(21)

    act(() => sockets.live().push('contact', { action: 'delete', contactId: bruna.id }))
    expect(result.current.contacts.some((c) => c.id === bruna.id)).toBe(false)
    act(() => sockets.live().push('contact', { action: 'delete', contactId: 900 }))
    expect(result.current.contacts).toHaveLength(19)
  })

  it('follow the active search: a contact that stops matching leaves, one that starts matching joins', async () => {
    const { result, sockets } = setup(useContacts, 'marina')
    await waitFor(() => expect(names(result.current.contacts)).toEqual([marina.name]))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))

    act(() =>
      sockets
        .live()
        .push('contact', { action: 'update', contact: { ...marina, name: 'Rita Costa', email: 'rita@example.com' } }),
    )
    expect(result.current.contacts).toEqual([])

    act(() => sockets.live().push('contact', { action: 'create', contact: contact({ id: 901, name: 'Paulo Nobody' }) }))
    expect(result.current.contacts).toEqual([])

    act(() => sockets.live().push('contact', { action: 'update', contact: { ...bruna, email: 'marina.b@shop.test' } }))
    expect(result.current.contacts.map((c) => c.id)).toEqual([bruna.id])
  })
})

describe('live queue events on the queues list', () => {
  it('add a new queue in name order, replace an edited one and drop a deleted one', async () => {
    const { result, sockets } = setup(() => useQueues())
    await waitFor(() => expect(names(result.current.queues ?? [])).toEqual(['Sales', 'Support']))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const billing: Queue = { id: 30, name: 'Billing', color: '#ff7043', greetingMessage: null }

    act(() => sockets.live().push('queue', { action: 'create', queue: billing }))
    expect(names(result.current.queues ?? [])).toEqual(['Billing', 'Sales', 'Support'])

    const [sales] = deskFixtures.queues
    act(() =>
      sockets.live().push('queue', { action: 'update', queue: { ...sales, name: 'Sales team', color: '#000' } }),
    )
    expect(result.current.queues?.find((q) => q.id === sales.id)).toMatchObject({ name: 'Sales team', color: '#000' })
    expect(result.current.queues).toHaveLength(3)

    act(() => sockets.live().push('queue', { action: 'delete', queueId: billing.id }))
    expect(names(result.current.queues ?? [])).toEqual(['Sales team', 'Support'])
  })
})

describe('live quick-answer events on the quick answers list', () => {
  it('put a new answer on top, replace an edited one in place and drop a deleted one', async () => {
    const { result, sockets } = setup(useQuickAnswers)
    await waitFor(() => expect(result.current.quickAnswers).toHaveLength(3))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const [first] = result.current.quickAnswers

    const bye = answer({ id: 50, shortcut: 'bye', message: 'Goodbye, and thank you!' })
    act(() => sockets.live().push('quickAnswer', { action: 'create', quickAnswer: bye }))
    expect(result.current.quickAnswers[0]).toEqual(bye)

    act(() =>
      sockets.live().push('quickAnswer', { action: 'update', quickAnswer: { ...first, message: 'Edited message' } }),
    )
    expect(result.current.quickAnswers[1]).toMatchObject({ id: first.id, message: 'Edited message' })

    act(() => sockets.live().push('quickAnswer', { action: 'delete', quickAnswerId: first.id }))
    expect(result.current.quickAnswers.map((q) => q.shortcut)).not.toContain(first.shortcut)
    expect(result.current.quickAnswers).toHaveLength(3)
  })

  it('follow the active search on shortcut and message', async () => {
    const { result, sockets } = setup(useQuickAnswers, 'open')
    // 'hours' matches by its message ("We are open …").
    await waitFor(() => expect(result.current.quickAnswers.map((q) => q.shortcut)).toEqual(['hours']))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const [hours] = result.current.quickAnswers

    act(() => sockets.live().push('quickAnswer', { action: 'update', quickAnswer: { ...hours, shortcut: 'times' } }))
    expect(result.current.quickAnswers.map((q) => q.shortcut)).toEqual(['times'])

    act(() =>
      sockets
        .live()
        .push('quickAnswer', { action: 'update', quickAnswer: { ...hours, message: 'Closed on Sundays.' } }),
    )
    expect(result.current.quickAnswers).toEqual([])

    const later = answer({ id: 51, shortcut: 'bye', message: 'We close at six' })
    act(() => sockets.live().push('quickAnswer', { action: 'create', quickAnswer: later }))
    expect(result.current.quickAnswers).toEqual([])
    act(() =>
      sockets.live().push('quickAnswer', { action: 'create', quickAnswer: { ...later, id: 52, shortcut: 'opening' } }),
    )
    expect(result.current.quickAnswers.map((q) => q.id)).toEqual([52])
  })
})

describe('a new search starts again from page 1', () => {
  it('on the contacts list', async () => {
    const { result, rerender } = setup(useContacts)
    await waitFor(() => expect(result.current.contacts).toHaveLength(20))
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.contacts).toHaveLength(25))

    // 24 contacts have a number starting 55119: page 1 holds 20 of them.
    rerender({ searchParam: '55119' })
    await waitFor(() => expect(result.current.contacts.every((c) => c.number?.startsWith('55119'))).toBe(true))
    expect(result.current.contacts).toHaveLength(20)
    expect(result.current.hasMore).toBe(true)
    expect(result.current.count).toBe(24)

    rerender({ searchParam: 'alice' })
    await waitFor(() => expect(names(result.current.contacts)).toEqual(['Alice Correia']))
    expect(result.current.hasMore).toBe(false)
  })

  it('on the quick answers list', async () => {
    mocks.db.quickAnswers = Array.from({ length: 25 }, (_, i) =>
      answer({ id: 200 + i, shortcut: `bulk${String(i).padStart(2, '0')}`, message: `Bulk answer number ${i}` }),
    )
    const { result, rerender } = setup(useQuickAnswers)
    await waitFor(() => expect(result.current.quickAnswers).toHaveLength(20))
    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.quickAnswers).toHaveLength(25))

    rerender({ searchParam: 'answer' })
    await waitFor(() => expect(result.current.count).toBe(25))
    expect(result.current.quickAnswers).toHaveLength(20)
    expect(result.current.hasMore).toBe(true)

    rerender({ searchParam: 'bulk07' })
    await waitFor(() => expect(result.current.quickAnswers.map((q) => q.shortcut)).toEqual(['bulk07']))
    expect(result.current.hasMore).toBe(false)
  })
})
