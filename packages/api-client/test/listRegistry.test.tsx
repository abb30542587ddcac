// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { Contact, User } from '../src/contract'
import { useContacts, useUsers } from '../src/hooks'
import { useApiContext } from '../src/hooks/context'
import { ListRegistry } from '../src/hooks/listRegistry'
import { deskFixtures } from '../src/mocks'
import { mockDesk } from './support/desk'

const { render } = mockDesk()

const STAMP = '2026-01-15T10:00:00.000Z'
const [marina, bruna] = deskFixtures.contacts

/** The searches the registry follows for one kind of list. */
const searches = (lists: ListRegistry, kind: 'contacts' | 'users') =>
  lists.ofKind(kind).map(([, list]) => list.searchParam)

describe('the list registry', () => {
  it('keeps a key while any holder is left and drops it with the last one', () => {
    const lists = new ListRegistry()
    const first = lists.hold('k', { kind: 'contacts', searchParam: 'a' })
    const second = lists.hold('k', { kind: 'contacts', searchParam: 'a' })
    first()
    expect(lists.has('k')).toBe(true)
    second()
    expect(lists.has('k')).toBe(false)
    // A release called twice does not take another holder's key with it.
    const third = lists.hold('k', { kind: 'contacts', searchParam: 'a' })
    const fourth = lists.hold('k', { kind: 'contacts', searchParam: 'a' })
    third()
    third()
    expect(lists.has('k')).toBe(true)
    fourth()
    expect(lists.size).toBe(0)
  })

  it('drops a search once its list is gone, and live events still reach the list on screen', async () => {
    const { result, rerender, sockets, unmount } = render(
      ({ searchParam }: { searchParam: string }) => ({ ...useContacts({ searchParam }), lists: useApiContext().lists }),
      { initialProps: { searchParam: 'marina' } },
    )
    await waitFor(() => expect(result.current.contacts.map((c) => c.id)).toEqual([marina.id]))
    expect(searches(result.current.lists, 'contacts')).toEqual(['marina'])

    rerender({ searchParam: bruna.name })
    await waitFor(() => expect(result.current.contacts.map((c) => c.id)).toEqual([bruna.id]))
    // The search typed before is no longer followed.
    expect(searches(result.current.lists, 'contacts')).toEqual([bruna.name])

    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const twin: Contact = { ...bruna, id: 950, number: null, email: null, createdAt: STAMP, updatedAt: STAMP }
    act(() => sockets.live().push('contact', { action: 'create', contact: twin }))
    expect(result.current.contacts.map((c) => c.id)).toEqual([950, bruna.id])

    const { lists } = result.current
    unmount()
    expect(searches(lists, 'contacts')).toEqual([])
  })

  it('holds the users lists the same way', async () => {
    const { result, rerender, sockets, unmount } = render(
      ({ searchParam }: { searchParam: string }) => ({ ...useUsers({ searchParam }), lists: useApiContext().lists }),
      { initialProps: { searchParam: '' } },
    )
    await waitFor(() => expect(result.current.users.length).toBeGreaterThan(0))
    expect(searches(result.current.lists, 'users')).toEqual([''])

    rerender({ searchParam: 'zz-nobody' })
    await waitFor(() => expect(result.current.isLoading).toBe(false))
    expect(searches(result.current.lists, 'users')).toEqual(['zz-nobody'])

    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const user: User = { ...result.current.users[0], ...deskFixtureUser(), name: 'zz-nobody two' }
    act(() => sockets.live().push('user', { action: 'create', user }))
    expect(result.current.users.map((u) => u.name)).toContain('zz-nobody two')

    const { lists } = result.current
    unmount()
    expect(lists.size).toBe(0)
  })
})

const deskFixtureUser = (): Partial<User> => ({ id: 970, email: 'zz@example.com' })
