// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, createMemoryStorage, type DeskSocket, TOKEN_KEY } from '../src/client'
import { ApiProvider, type SocketFactory, useSession, useSettings, useUser, useUsers } from '../src/hooks'
import { createHandlers, fixtures, mockTokenFor } from '../src/mocks'

const API = 'http://desk.test/api'
const mocks = createHandlers()
const server = setupServer(...mocks.all)

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => mocks.db.reset())
afterAll(() => server.close())

/** A stand-in for the socket.io connection: records who opened it and lets the test push events. */
function fakeSockets() {
  const opened: Array<{ token: string; closed: boolean; push: (event: string, payload: unknown) => void }> = []
  const factory: SocketFactory = (_url, token) => {
    const listeners = new Map<string, Set<(payload: unknown) => void>>()
    const entry = {
      token,
      closed: false,
      push: (event: string, payload: unknown) => {
        for (const l of listeners.get(event) ?? []) l(payload)
      },
    }
    opened.push(entry)
    const socket = {
      active: true,
      on(event: string, listener: (payload: unknown) => void) {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)!.add(listener)
        return socket
      },
      off(event: string, listener: (payload: unknown) => void) {
        listeners.get(event)?.delete(listener)
        return socket
      },
      emit: () => socket,
      disconnect() {
        entry.closed = true
        return socket
      },
    }
    return socket as unknown as DeskSocket
  }
  return { opened, factory }
}

function setup<T>(hook: () => T) {
  const sockets = fakeSockets()
  const storage = createMemoryStorage({ [TOKEN_KEY]: JSON.stringify(mockTokenFor(fixtures.admin.id)) })
  const client = createApiClient({ baseUrl: API, storage })
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={client} socketFactory={sockets.factory}>
      {children}
    </ApiProvider>
  )
  return { ...renderHook(hook, { wrapper }), sockets, client }
}

const live = (sockets: ReturnType<typeof fakeSockets>) => sockets.opened.find((s) => !s.closed)!

describe('live updates', () => {
  it('apply user events to the loaded list and to the single user', async () => {
    const { result, sockets } = setup(() => ({ list: useUsers(), one: useUser(fixtures.agent.id) }))
    await waitFor(() => expect(result.current.list.users).toHaveLength(20))
    await waitFor(() => expect(result.current.one.user?.name).toBe(fixtures.agent.name))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))

    const eva = { ...fixtures.agent, id: 500, name: 'Eva Lima', email: 'eva@x.test' }
    act(() => live(sockets).push('user', { action: 'create', user: eva }))
    expect(result.current.list.users[0].name).toBe('Eva Lima')

    act(() => live(sockets).push('user', { action: 'update', user: { ...fixtures.agent, name: 'Bruno Renamed' } }))
    expect(result.current.list.users.find((u) => u.id === fixtures.agent.id)?.name).toBe('Bruno Renamed')
    expect(result.current.one.user?.name).toBe('Bruno Renamed')

    act(() => live(sockets).push('user', { action: 'delete', userId: 500 }))
    expect(result.current.list.users.some((u) => u.id === 500)).toBe(false)
  })

  it('apply settings events', async () => {
    const { result, sockets } = setup(useSettings)
    await waitFor(() => expect(result.current.valueOf('userCreation')).toBe('enabled'))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    act(() => live(sockets).push('settings', { action: 'update', setting: { key: 'userCreation', value: 'disabled' } }))
    expect(result.current.valueOf('userCreation')).toBe('disabled')
  })

  it('update the signed-in user when their own record changes', async () => {
    const { result, sockets } = setup(useSession)
    await waitFor(() => expect(result.current.user?.id).toBe(fixtures.admin.id))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    act(() => live(sockets).push('user', { action: 'update', user: { ...fixtures.admin, profile: 'user' } }))
    expect(result.current.isAdmin).toBe(false)
  })

  it('reconnect with the new token after a refresh and close the socket on logout', async () => {
    const { result, sockets, client } = setup(useSession)
    await waitFor(() => expect(result.current.user).not.toBeNull())
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const before = sockets.opened.length

    mocks.db.sessionUserId = fixtures.agent.id
    await act(() => client.auth.refresh())
    await waitFor(() => expect(live(sockets).token).toBe(mockTokenFor(fixtures.agent.id)))
    expect(sockets.opened.length).toBeGreaterThan(before)

    await act(() => result.current.logout())
    expect(sockets.opened.every((s) => s.closed)).toBe(true)
  })
})
