// @vitest-environment jsdom

import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSession, useSettings, useUser, useUsers } from '../src/hooks'
import { fixtures, mockTokenFor } from '../src/mocks'
import { mockDesk } from './support/desk'

const { mocks, render: setup } = mockDesk()

describe('live updates', () => {
  it('apply user events to the loaded list and to the single user', async () => {
    const { result, sockets } = setup(() => ({ list: useUsers(), one: useUser(fixtures.agent.id) }))
    await waitFor(() => expect(result.current.list.users).toHaveLength(20))
    await waitFor(() => expect(result.current.one.user?.name).toBe(fixtures.agent.name))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))

    const eva = { ...fixtures.agent, id: 500, name: 'Eva Lima', email: 'eva@x.test' }
    act(() => sockets.live().push('user', { action: 'create', user: eva }))
    expect(result.current.list.users[0].name).toBe('Eva Lima')

    act(() => sockets.live().push('user', { action: 'update', user: { ...fixtures.agent, name: 'Bruno Renamed' } }))
    expect(result.current.list.users.find((u) => u.id === fixtures.agent.id)?.name).toBe('Bruno Renamed')
    expect(result.current.one.user?.name).toBe('Bruno Renamed')

    act(() => sockets.live().push('user', { action: 'delete', userId: 500 }))
    expect(result.current.list.users.some((u) => u.id === 500)).toBe(false)
  })

  it('apply settings events', async () => {
    const { result, sockets } = setup(useSettings)
    await waitFor(() => expect(result.current.valueOf('userCreation')).toBe('enabled'))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    act(() =>
      sockets.live().push('settings', { action: 'update', setting: { key: 'userCreation', value: 'disabled' } }),
    )
    expect(result.current.valueOf('userCreation')).toBe('disabled')
  })

  it('update the signed-in user when their own record changes', async () => {
    const { result, sockets } = setup(useSession)
    await waitFor(() => expect(result.current.user?.id).toBe(fixtures.admin.id))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    act(() => sockets.live().push('user', { action: 'update', user: { ...fixtures.admin, profile: 'user' } }))
    expect(result.current.isAdmin).toBe(false)
  })

  it('reconnect with the new token after a refresh and close the socket on logout', async () => {
    const { result, sockets, client } = setup(useSession)
    await waitFor(() => expect(result.current.user).not.toBeNull())
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const before = sockets.opened.length

    mocks.db.sessionUserId = fixtures.agent.id
    await act(() => client.auth.refresh())
    await waitFor(() => expect(sockets.live().token).toBe(mockTokenFor(fixtures.agent.id)))
    expect(sockets.opened.length).toBeGreaterThan(before)

    await act(() => result.current.logout())
    expect(sockets.opened.every((s) => s.closed)).toBe(true)
  })
})
