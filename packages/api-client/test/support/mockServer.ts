import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createApiClient, createMemoryStorage, TOKEN_KEY } from '../../src/client'
import { createHandlers, mockTokenFor } from '../../src/mocks'

export const API = 'http://desk.test/api'

/**
 * msw serving the shared handlers for one test file: started before its tests, handlers and data reset
 * after each one, closed after them all.
 */
export function mockServer() {
  const mocks = createHandlers()
  const server = setupServer(...mocks.all)
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
  afterEach(() => {
    server.resetHandlers()
    mocks.db.reset()
  })
  afterAll(() => server.close())
  return { mocks, server }
}

/** An API client signed in as a fixture user (`null`: signed out), against the mock server. */
export const clientAs = (userId: number | null) =>
  createApiClient({
    baseUrl: API,
    storage: createMemoryStorage(userId ? { [TOKEN_KEY]: JSON.stringify(mockTokenFor(userId)) } : {}),
  })
