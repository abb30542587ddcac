import { delay, HttpResponse, http } from 'msw'
import { setupServer } from 'msw/node'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { ApiError, createApiClient, createMemoryStorage, NETWORK_ERROR, TOKEN_KEY } from '../src/client'
import { fixtures } from '../src/mocks'

const API = 'http://desk.test/api'
const server = setupServer()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

const signedInClient = (token = 'old-token') => {
  const storage = createMemoryStorage({ [TOKEN_KEY]: JSON.stringify(token) })
  const onSignOut = vi.fn()
  const client = createApiClient({ baseUrl: API, storage, onSignOut })
  return { client, storage, onSignOut }
}

const listPage = { users: [fixtures.admin], hasMore: false }

describe('the fetcher', () => {
  it('sends the stored token as a bearer and cookies with every call', async () => {
    const seen: Array<string | null> = []
    server.use(
      http.get(`${API}/users`, ({ request }) => {
        seen.push(request.headers.get('Authorization'), request.credentials)
        return HttpResponse.json(listPage)
      }),
    )
    const { client } = signedInClient('abc')
    await client.users.list()
    expect(seen).toEqual(['Bearer abc', 'include'])
  })

  it('on a 401 clears the token and signs out', async () => {
    server.use(http.get(`${API}/users/:id`, () => HttpResponse.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 401 })))
    const { client, storage, onSignOut } = signedInClient()
    const sessions: unknown[] = []
    client.onSession((s) => sessions.push(s))

    await expect(client.users.get(1)).rejects.toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' })
    expect(storage.getItem(TOKEN_KEY)).toBeNull()
    expect(onSignOut).toHaveBeenCalledTimes(1)
    expect(sessions).toEqual([null])
  })

  it('on a 403 refreshes once, stores the new token and retries with it', async () => {
    const refresh = vi.fn(() => HttpResponse.json({ token: 'new-token', user: fixtures.admin }))
    server.use(
      http.post(`${API}/auth/refresh_token`, refresh),
      http.get(`${API}/users/:id`, ({ request }) =>
        request.headers.get('Authorization') === 'Bearer new-token'
          ? HttpResponse.json(fixtures.agent)
          : HttpResponse.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 403 }),
      ),
    )
    const { client, storage, onSignOut } = signedInClient()

    await expect(client.users.get(2)).resolves.toEqual(fixtures.agent)
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(JSON.parse(storage.getItem(TOKEN_KEY)!)).toBe('new-token')
    expect(onSignOut).not.toHaveBeenCalled()
  })

  it('does not loop when the retry is refused again', async () => {
    const refresh = vi.fn(() => HttpResponse.json({ token: 'new-token', user: fixtures.agent }))
    const attempts = vi.fn(() => HttpResponse.json({ error: 'ERR_NO_PERMISSION' }, { status: 403 }))
    server.use(http.post(`${API}/auth/refresh_token`, refresh), http.delete(`${API}/users/:id`, attempts))
    const { client, storage } = signedInClient()

    await expect(client.users.delete(1)).rejects.toMatchObject({ status: 403, code: 'ERR_NO_PERMISSION' })
    expect(refresh).toHaveBeenCalledTimes(1)
    expect(attempts).toHaveBeenCalledTimes(2)
    expect(storage.getItem(TOKEN_KEY)).not.toBeNull()
  })

  it('shares one refresh between concurrent 403s', async () => {
    const refresh = vi.fn(async () => {
      await delay(20)
      return HttpResponse.json({ token: 'new-token', user: fixtures.admin })
    })
    server.use(
      http.post(`${API}/auth/refresh_token`, refresh),
      http.get(`${API}/users/:id`, ({ request, params }) =>
        request.headers.get('Authorization') === 'Bearer new-token'
          ? HttpResponse.json({ ...fixtures.agent, id: Number(params.id) })
          : HttpResponse.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 403 }),
      ),
    )
    const { client } = signedInClient()

    const users = await Promise.all([client.users.get(3), client.users.get(4), client.users.get(5)])
    expect(users.map((u) => u.id)).toEqual([3, 4, 5])
    expect(refresh).toHaveBeenCalledTimes(1)
  })

  it('signs out when the refresh itself is refused', async () => {
    server.use(
      http.post(`${API}/auth/refresh_token`, () =>
        HttpResponse.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 401 }),
      ),
      http.get(`${API}/settings`, () => HttpResponse.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 403 })),
    )
    const { client, storage, onSignOut } = signedInClient()

    await expect(client.settings.list()).rejects.toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' })
    expect(storage.getItem(TOKEN_KEY)).toBeNull()
    expect(onSignOut).toHaveBeenCalledTimes(1)
  })

  it('leaves anonymous calls alone: a refused login neither refreshes nor signs out', async () => {
    const refresh = vi.fn(() => HttpResponse.json({}, { status: 500 }))
    server.use(
      http.post(`${API}/auth/refresh_token`, refresh),
      http.post(`${API}/auth/signup`, () =>
        HttpResponse.json({ error: 'ERR_USER_CREATION_DISABLED' }, { status: 403 }),
      ),
      http.post(`${API}/auth/login`, () => HttpResponse.json({ error: 'ERR_INVALID_CREDENTIALS' }, { status: 401 })),
    )
    const { client, onSignOut } = signedInClient()

    await expect(client.auth.signup({ name: 'Eva', email: 'eva@x.test', password: 'secret1' })).rejects.toMatchObject({
      status: 403,
      code: 'ERR_USER_CREATION_DISABLED',
    })
    await expect(client.auth.login({ email: 'eva@x.test', password: 'nope' })).rejects.toMatchObject({
      status: 401,
      code: 'ERR_INVALID_CREDENTIALS',
    })
    expect(refresh).not.toHaveBeenCalled()
    expect(onSignOut).not.toHaveBeenCalled()
  })
})

describe('errors', () => {
  it('carry status, code, message and field errors of the answer', async () => {
    const fields = [
      { path: 'name', message: 'validation.tooShort' },
      { path: 'email', message: 'validation.invalidEmail' },
    ]
    server.use(
      http.post(`${API}/users`, () =>
        HttpResponse.json({ error: 'ERR_VALIDATION', message: 'Invalid input', fields }, { status: 400 }),
      ),
    )
    const { client } = signedInClient()

    const error = await client.users.create({ name: 'A', email: 'x', password: 'secret1' }).catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 400,
      code: 'ERR_VALIDATION',
      message: 'Invalid input',
      serverMessage: 'Invalid input',
      fields,
    })
    expect(error.fieldMessage('email')).toBe('validation.invalidEmail')
  })

  it('turn a non-JSON failure into an ApiError without a code', async () => {
    server.use(http.get(`${API}/settings`, () => new HttpResponse('Bad gateway', { status: 502 })))
    const { client } = signedInClient()

    const error = await client.settings.list().catch((e) => e)
    expect(error).toMatchObject({ name: 'ApiError', status: 502, code: undefined })
    // The proxy's text is kept for logs but is nothing the server said to a person.
    expect(error.message).toBe('Bad gateway')
    expect(error.serverMessage).toBeUndefined()
  })

  it('keep no server text when the answer has an empty body', async () => {
    server.use(http.get(`${API}/settings`, () => new HttpResponse(null, { status: 500, statusText: 'Server Error' })))
    const { client } = signedInClient()

    const error = await client.settings.list().catch((e) => e)
    expect(error).toMatchObject({ status: 500, code: undefined, serverMessage: undefined })
  })

  it('turn a network failure into an ApiError with status 0', async () => {
    server.use(http.get(`${API}/settings`, () => HttpResponse.error()))
    const { client } = signedInClient()

    const error = await client.settings.list().catch((e) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 0, code: NETWORK_ERROR })
  })
})

describe('answers', () => {
  it('are parsed with the contract schemas (profiles normalised)', async () => {
    server.use(
      http.post(`${API}/auth/login`, () =>
        HttpResponse.json({ token: 't1', user: { ...fixtures.admin, profile: 'Admin' } }),
      ),
    )
    const storage = createMemoryStorage()
    const client = createApiClient({ baseUrl: API, storage })

    const session = await client.auth.login({ email: fixtures.admin.email, password: 'secret123' })
    expect(session.user.profile).toBe('admin')
    expect(storage.getItem(TOKEN_KEY)).toBe(JSON.stringify('t1'))
  })

  it('that break the contract are rejected with ERR_INVALID_RESPONSE', async () => {
    server.use(http.get(`${API}/users`, () => HttpResponse.json({ users: [{ id: 'one' }] })))
    const { client } = signedInClient()

    await expect(client.users.list()).rejects.toMatchObject({ code: 'ERR_INVALID_RESPONSE' })
  })

  it('are taken as they come when checking is off (production)', async () => {
    server.use(http.get(`${API}/users`, () => HttpResponse.json({ users: [{ id: 'one' }] })))
    const client = createApiClient({ baseUrl: API, storage: createMemoryStorage(), validate: false })

    await expect(client.users.list()).resolves.toEqual({ users: [{ id: 'one' }] })
  })

  it('go to the configured base URL with the query', async () => {
    const urls: string[] = []
    server.use(
      http.get('http://other.test/desk/api/users', ({ request }) => {
        urls.push(request.url)
        return HttpResponse.json(listPage)
      }),
    )
    const client = createApiClient({ baseUrl: 'http://other.test/desk/api/', storage: createMemoryStorage() })

    await client.users.list({ searchParam: 'ana b', pageNumber: 2 })
    expect(urls).toEqual(['http://other.test/desk/api/users?searchParam=ana+b&pageNumber=2'])
  })
})

describe('logout', () => {
  it('forgets the token even when the server answers 401', async () => {
    server.use(
      http.delete(`${API}/auth/logout`, () => HttpResponse.json({ error: 'ERR_SESSION_EXPIRED' }, { status: 401 })),
    )
    const { client, storage } = signedInClient()

    await client.auth.logout()
    expect(storage.getItem(TOKEN_KEY)).toBeNull()
  })
})
