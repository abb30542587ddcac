// @vitest-environment jsdom

import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import type { ApiClient } from '../src/client'
import { ApiProvider, useConnectionMutations, useOutreachMutations, useTelephonySenders } from '../src/hooks'
import { deskFixtures, fixtures } from '../src/mocks'
import { clientAs, mockServer } from './support/mockServer'

const { mocks } = mockServer()

const withLines = () => mocks.db.connections.push(...structuredClone(deskFixtures.telephonyConnections))

function setup<T>(hook: () => T, client: ApiClient = clientAs(fixtures.admin.id)) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ApiProvider client={client} live={false}>
      {children}
    </ApiProvider>
  )
  return renderHook(hook, { wrapper })
}

describe('telephony lines from the client', () => {
  it('lists the telephony connections with the number each sends from, and no other connection', async () => {
    withLines()
    const { result } = setup(() => useTelephonySenders())
    await waitFor(() => expect(result.current.senders).toBeDefined())
    expect(result.current.senders?.map(({ id, name, from }) => ({ id, name, from }))).toEqual([
      { id: 60, name: 'US line', from: '+14155550100' },
      { id: 61, name: 'Test line', from: '+15005550100' },
    ])
    expect(result.current.senders?.[0].telephony.authTokenHint).toBe('c0de')
  })

  it('has no senders when no telephony connection exists', async () => {
    const { result } = setup(() => useTelephonySenders())
    await waitFor(() => expect(result.current.senders).toEqual([]))
  })

  it('starts an SMS job from a line, counting its segments, and refuses an unknown sender', async () => {
    withLines()
    const { result } = setup(() => useOutreachMutations())
    const to = ['+14155551000', '+14155551001', '+14155551002']
    const job = await act(() => result.current.sendSms({ from: '+14155550100', to, text: 'Olá 👋 '.repeat(12) }))
    expect(job).toMatchObject({ kind: 'sms', total: 3, connectionId: 60, segments: 6 })
    const call = await act(() => result.current.makeVoiceCall({ from: '+15005550100', to, text: 'Hello' }))
    expect(call).toMatchObject({ kind: 'voiceCall', total: 3, connectionId: 61 })
    await expect(result.current.sendSms({ from: '+19999999999', to, text: 'Hi' })).rejects.toMatchObject({
      code: 'ERR_TELEPHONY_SENDER_UNKNOWN',
    })
  })

  it("tests a line's saved credentials, or typed ones, and says when they are refused", async () => {
    withLines()
    const { result } = setup(() => useConnectionMutations())
    await expect(result.current.testTelephony({ connectionId: 60, provider: 'twilio' })).resolves.toMatchObject({
      ok: true,
    })
    await expect(
      result.current.testTelephony({
        provider: 'twilio',
        accountSid: 'AC0123456789abcdef0123456789abcdef',
        authToken: '0123456789abcdefbad',
      }),
    ).resolves.toMatchObject({ ok: false, failure: 'credentials', providerCode: '20003' })
  })
})
