// @vitest-environment jsdom

import { act, renderHook, waitFor } from '@testing-library/react'
import { HttpResponse, http } from 'msw'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { createApiClient, createMemoryStorage, TOKEN_KEY, type TokenStorage } from '../src/client'
import { ApiProvider, useSession, useSettings, useUserMutations, useUsers } from '../src/hooks'
import { fixtures, mockTokenFor } from '../src/mocks'
import { API, mockServer } from './support/mockServer'

const { mocks, server } = mockServer()

const signedIn = () => createMemoryStorage({ [TOKEN_KEY]: JSON.stringify(mockTokenFor(fixtures.admin.id)) })

function setup<T>(hook: () => T, storage: TokenStorage = signedIn()) {
  const client = createApiClient({ baseUrl: API, storage })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={client} live={false}>
      {children}
    </ApiProvider>
  )
  return { ...renderHook(hook, { wrapper }), storage }
}

describe('useSession', () => {
  it('restores a stored session on start', async () => {
    const { result } = setup(useSession)
    expect(result.current.isLoading).toBe(true)
    await waitFor(() => expect(result.current.isLoading).toBe(false))
    expect(result.current.user?.email).toBe(fixtures.admin.email)
    expect(result.current.isAdmin).toBe(true)
  })

  it('signs out when the stored session cannot be restored', async () => {
    mocks.db.sessionUserId = null
    const { result, storage } = setup(useSession)
    await waitFor(() => expect(result.current.isLoading).toBe(false))
    expect(result.current.user).toBeNull()
    expect(storage.getItem(TOKEN_KEY)).toBeNull()
  })

  it('logs in and out', async () => {
    const { result, storage } = setup(useSession, createMemoryStorage())
    expect(result.current.isLoading).toBe(false)
    await act(() => result.current.login({ email: fixtures.agent.email, password: fixtures.password }))
    expect(result.current.user?.id).toBe(fixtures.agent.id)
    expect(result.current.isAdmin).toBe(false)
    await act(() => result.current.logout())
    expect(result.current.user).toBeNull()
    expect(storage.getItem(TOKEN_KEY)).toBeNull()
  })
})

describe('useUsers', () => {
  it('loads 20 a page, more on demand, and starts again from page 1 when the search changes', async () => {
    const { result, rerender } = renderUsers('')
    await waitFor(() => expect(result.current.users).toHaveLength(20))
    expect(result.current.hasMore).toBe(true)

    act(() => result.current.loadMore())
    await waitFor(() => expect(result.current.users).toHaveLength(40))

    rerender({ searchParam: 'bruno' })
    await waitFor(() => expect(result.current.users.map((u) => u.name)).toEqual(['Bruno Agent']))
    expect(result.current.hasMore).toBe(false)

    rerender({ searchParam: '' })
    await waitFor(() => expect(result.current.users).toHaveLength(20))
  })

  it('shows a created user and forgets a deleted one without reloading', async () => {
    const { result } = setup(() => ({ list: useUsers(), actions: useUserMutations() }))
    await waitFor(() => expect(result.current.list.users).toHaveLength(20))

    const created = await act(() =>
      result.current.actions.createUser({ name: 'Eva Lima', email: 'eva@x.test', password: 'secret1' }),
    )
    expect(result.current.list.users[0]).toMatchObject({ id: created.id, name: 'Eva Lima' })

    await act(() => result.current.actions.deleteUser(created.id))
    expect(result.current.list.users.some((u) => u.id === created.id)).toBe(false)
  })
})

describe('useSettings', () => {
  it('updates a setting and shows the stored value', async () => {
    const { result } = setup(useSettings)
    await waitFor(() => expect(result.current.valueOf('userCreation')).toBe('enabled'))
    await act(() => result.current.update('userCreation', 'disabled'))
    expect(result.current.valueOf('userCreation')).toBe('disabled')
  })

  it('exposes the error of a failed load', async () => {
    server.use(http.get(`${API}/settings`, () => HttpResponse.json({ error: 'ERR_INTERNAL' }, { status: 500 })))
    const { result } = setup(useSettings)
    await waitFor(() => expect(result.current.error?.code).toBe('ERR_INTERNAL'))
  })
})

function renderUsers(searchParam: string) {
  const client = createApiClient({ baseUrl: API, storage: signedIn() })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={client} live={false}>
      {children}
    </ApiProvider>
  )
  return renderHook((props: { searchParam: string }) => useUsers(props), { wrapper, initialProps: { searchParam } })
}
