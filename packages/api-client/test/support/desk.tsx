import { renderHook } from '@testing-library/react'
import { setupServer } from 'msw/node'
import type { ReactNode } from 'react'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createApiClient, createMemoryStorage, TOKEN_KEY } from '../../src/client'
import { ApiProvider } from '../../src/hooks'
import { createHandlers, fixtures, mockTokenFor } from '../../src/mocks'
import { fakeSockets } from './fakeSocket'

export const API = 'http://desk.test/api'

export interface RenderOptions<P> {
  /** Who is signed in: the fixture admin unless said. */
  userId?: number
  /** The hook's first props, for hooks that are rendered again with others. */
  initialProps?: P
}

/**
 * The mock desk of a test file: msw serving the shared handlers (started before the file's tests,
 * reset after each one) and `render`, which mounts a hook in an ApiProvider signed in as a fixture
 * user over a fake socket the test drives.
 */
export function mockDesk() {
  const mocks = createHandlers()
  const server = setupServer(...mocks.all)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    mocks.db.reset()
  })
  afterAll(() => server.close())

  function render<T, P>(hook: (props: P) => T, { userId = fixtures.admin.id, initialProps }: RenderOptions<P> = {}) {
    const sockets = fakeSockets()
    mocks.db.sessionUserId = userId
    const storage = createMemoryStorage({ [TOKEN_KEY]: JSON.stringify(mockTokenFor(userId)) })
    const client = createApiClient({ baseUrl: API, storage })
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApiProvider client={client} socketFactory={sockets.factory}>
        {children}
      </ApiProvider>
    )
    return { ...renderHook(hook, { wrapper, initialProps }), sockets, client }
  }

  return { mocks, server, render }
}
