// @vitest-environment node
import { createHandlers, WIDGET_CONNECTION_ID, WIDGET_TOKENS, widgetStateOf } from '@desk/api-client/mocks'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createWidgetApi } from '../src/frame/model/api'

const desk = 'http://desk.test'
const mocks = createHandlers()
const server = setupServer(...mocks.widget)
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterAll(() => server.close())

describe('the frame’s calls against the desk’s widget routes', () => {
  it('open a session, read the conversation and page back with `before`', async () => {
    const api = createWidgetApi(desk, WIDGET_CONNECTION_ID)
    const config = await api.config()
    expect(config.name).toBe('Acme support')
    const session = await api.session({})
    expect(session).toMatchObject({ mode: 'customer', canReply: true })
    api.setSession(session.sessionToken)
    const older = await api.messages({ before: 3 })
    expect(older.messages.map((m) => m.id)).toEqual([1, 2])
    const since = await api.messages({ after: 2 })
    expect(since.messages.map((m) => m.id)).toEqual([3, 4])
  })

  it('send a message once per clientId, in JSON or with files', async () => {
    const api = createWidgetApi(desk, WIDGET_CONNECTION_ID)
    api.setSession((await api.session({})).sessionToken)
    const first = await api.send('client0000000001', 'hello')
    const again = await api.send('client0000000001', 'hello')
    expect(again.id).toBe(first.id)
    const file = new File(['%PDF'], 'invoice.pdf', { type: 'application/pdf' })
    const withFile = await api.send('client0000000002', '', [file])
    expect(withFile).toMatchObject({ body: 'invoice.pdf', mediaType: 'other' })
    expect(widgetStateOf(mocks.db).messages.filter((m) => m.clientId === 'client0000000001')).toHaveLength(1)
  })

  it('answer the desk’s error codes', async () => {
    const api = createWidgetApi(desk, WIDGET_CONNECTION_ID)
    await expect(api.session({ token: WIDGET_TOKENS.expired })).rejects.toMatchObject({
      status: 401,
      code: 'ERR_WIDGET_TOKEN_EXPIRED',
    })
    await expect(api.messages({})).rejects.toMatchObject({ status: 401, code: 'ERR_SESSION_EXPIRED' })
  })

  it('give a partner’s agent the quick answers and keep the offline e-mail', async () => {
    const api = createWidgetApi(desk, WIDGET_CONNECTION_ID)
    const session = await api.session({ token: WIDGET_TOKENS.agent })
    expect(session.mode).toBe('agent')
    api.setSession(session.sessionToken)
    expect((await api.quickAnswers('')).length).toBeGreaterThan(0)
    expect(await api.contact({ email: 'maria@example.com' })).toMatchObject({ email: 'maria@example.com' })
    expect(widgetStateOf(mocks.db).contacts).toEqual([{ email: 'maria@example.com' }])
  })
})
