// @vitest-environment jsdom

import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { type ApiClient, ApiError } from '../src/client'
import { ApiProvider, useConnectionDetail, useWidgetSecret, useWidgetSecretMutations } from '../src/hooks'
import { deskFixtures, fixtures } from '../src/mocks'
import { clientAs, mockServer } from './support/mockServer'

const { mocks } = mockServer()
const WEB_CHAT = deskFixtures.webChatConnection.id

const withWebChat = () => mocks.db.connections.push(structuredClone(deskFixtures.webChatConnection))

function setup<P, T>(hook: (props: P) => T, initialProps: P, client: ApiClient = clientAs(fixtures.admin.id)) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={client} live={false}>
      {children}
    </ApiProvider>
  )
  return renderHook(hook, { wrapper, initialProps })
}

describe('a web chat connection from the client', () => {
  it('reads the settings the list leaves out, with the embed paths', async () => {
    withWebChat()
    const { result } = setup(({ id }) => useConnectionDetail(id), { id: WEB_CHAT as number | null })
    await waitFor(() => expect(result.current.connection).toBeDefined())
    expect(result.current.connection?.webChat).toMatchObject({
      allowedOrigins: ['https://portal.example.com', 'https://shop.example.com'],
      loaderPath: '/embed.js',
      framePath: `/widget/${WEB_CHAT}`,
    })
  })

  it('fetches the secret only once asked, and a rotation replaces it at once', async () => {
    withWebChat()
    const { result, rerender } = setup(
      ({ id }) => ({ read: useWidgetSecret(id), actions: useWidgetSecretMutations() }),
      { id: null as number | null },
    )
    expect(result.current.read.secret).toBeUndefined()
    expect(result.current.read.isLoading).toBe(false)

    rerender({ id: WEB_CHAT })
    await waitFor(() => expect(result.current.read.secret).toBeDefined())
    const first = result.current.read.secret!
    expect(first.secret).toMatch(/^[\w-]{43}$/)
    expect(first.rotatedAt).toBeNull()

    await act(() => result.current.actions.rotateWidgetSecret(WEB_CHAT))
    expect(result.current.read.secret?.secret).not.toBe(first.secret)
    expect(result.current.read.secret?.rotatedAt).not.toBeNull()
  })

  it('refuses the secret to agents and to connections that are not web chats', async () => {
    withWebChat()
    // The refresh cookie is the agent's too, so a refreshed session stays the agent's.
    mocks.db.sessionUserId = fixtures.agent.id
    const agent = clientAs(fixtures.agent.id)
    await expect(agent.connections.widgetSecret(WEB_CHAT)).rejects.toMatchObject({ code: 'ERR_NO_PERMISSION' })
    await expect(agent.connections.rotateWidgetSecret(WEB_CHAT)).rejects.toBeInstanceOf(ApiError)
    mocks.db.sessionUserId = fixtures.admin.id
    const admin = clientAs(fixtures.admin.id)
    await expect(admin.connections.widgetSecret(deskFixtures.connections[0].id)).rejects.toMatchObject({
      code: 'ERR_NO_WAPP_FOUND',
    })
  })
})
