// @vitest-environment jsdom

import { act, render, renderHook, screen, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { createApiClient, createMemoryStorage, TOKEN_KEY } from '../src/client'
import { LiveDataProvider, SessionProvider, useApiClient, useSession, useSettings, useUsers } from '../src/hooks'
import { fixtures, mockTokenFor } from '../src/mocks'
import { API, mockServer } from './support/mockServer'

mockServer()

const signedIn = () => createMemoryStorage({ [TOKEN_KEY]: JSON.stringify(mockTokenFor(fixtures.admin.id)) })

function Names() {
  const { users } = useUsers({ searchParam: '' })
  return <p>{users.length ? `${users.length} users` : 'nothing yet'}</p>
}

describe('SessionProvider and LiveDataProvider placed apart, as the app does', () => {
  it('signs in with the session alone; the resource hooks need the live data below it', async () => {
    const client = createApiClient({ baseUrl: API, storage: createMemoryStorage() })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <SessionProvider client={client}>{children}</SessionProvider>
    )
    const { result } = renderHook(() => ({ session: useSession(), client: useApiClient() }), { wrapper })
    expect(result.current.client).toBe(client)
    await act(() => result.current.session.login({ email: fixtures.agent.email, password: fixtures.password }))
    expect(result.current.session.user?.id).toBe(fixtures.agent.id)
    expect(() => renderHook(() => useSettings(), { wrapper })).toThrow(/LiveDataProvider/)
  })

  it('loads resources under a LiveDataProvider, and a new one starts with an empty cache', async () => {
    const client = createApiClient({ baseUrl: API, storage: signedIn() })
    const app = (showData: boolean) => (
      <SessionProvider client={client}>
        {showData && (
          <LiveDataProvider live={false}>
            <Names />
          </LiveDataProvider>
        )}
      </SessionProvider>
    )
    const { rerender } = render(app(true))
    await waitFor(() => expect(screen.getByText('20 users')).toBeTruthy())
    rerender(app(false))
    rerender(app(true))
    expect(screen.getByText('nothing yet')).toBeTruthy()
    await waitFor(() => expect(screen.getByText('20 users')).toBeTruthy())
  })
})
