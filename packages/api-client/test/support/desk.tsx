import { cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach } from 'vitest'
import { ApiProvider } from '../../src/hooks'
import { fixtures } from '../../src/mocks'
import { fakeSockets } from './fakeSocket'
import { clientAs, mockServer } from './mockServer'

export { API } from './mockServer'

export interface RenderOptions<P> {
  /** Who is signed in: the fixture admin unless said. */
  userId?: number
  /** The hook's first props, for hooks that are rendered again with others. */
  initialProps?: P
  /** Whether the fake socket starts connected (default true). */
  connected?: boolean
}

/**
 * The mock desk of a test file: msw serving the shared handlers (see `mockServer`), and `render`, which
 * mounts a hook in an ApiProvider signed in as a fixture user over a fake socket the test drives. What a
 * test mounted is unmounted after it.
 */
export function mockDesk() {
  const { mocks, server } = mockServer()
  afterEach(() => cleanup())

  function render<T, P>(
    hook: (props: P) => T,
    { userId = fixtures.admin.id, initialProps, connected = true }: RenderOptions<P> = {},
  ) {
    const sockets = fakeSockets({ connected })
    mocks.db.sessionUserId = userId
    const client = clientAs(userId)
    const wrapper = ({ children }: { children: ReactNode }) => (
      <ApiProvider client={client} socketFactory={sockets.factory}>
        {children}
      </ApiProvider>
    )
    return { ...renderHook(hook, { wrapper, initialProps }), sockets, client }
  }

  return { mocks, server, render }
}
