import { ConnectionCreateRequest, type ConnectionDetail, ConnectionUpdateRequest } from '@desk/api-client'
import { cloudApiConnection, deskFixtures } from '@desk/api-client/mocks'
import { describe, expect, it } from 'vitest'
import { createBody, toModalValues, updateBody } from '../src/pages/connections/internal/connectionForm'

const detail = deskFixtures.webChatConnection
const opened = toModalValues(detail)

describe('web chat settings between the connection answers and the modal', () => {
  it('opens a web chat with its stored settings, without the embed paths', () => {
    expect(opened.driver).toBe('webchat')
    expect(opened.webChat).toEqual({
      allowedOrigins: ['https://portal.example.com', 'https://shop.example.com'],
      verifiedOnly: true,
      offlineEmail: true,
      theme: {
        primaryColor: '#84cc16',
        mode: 'auto',
        position: 'right',
        launcherText: 'Talk to us',
        launcherIcon: 'chat',
      },
    })
  })

  it('gives no web chat settings to other drivers, nor to a list row that lacks them', () => {
    expect(toModalValues(deskFixtures.connections[0])).not.toHaveProperty('webChat')
    const { webChat: _webChat, ...row } = detail
    expect(toModalValues(row)).not.toHaveProperty('webChat')
  })

  it('creates a web chat with its settings, in a body the server accepts', () => {
    const body = createBody(opened)
    expect(body.webChat).toEqual(opened.webChat)
    expect(ConnectionCreateRequest.safeParse(body).success).toBe(true)
    expect(createBody({ ...opened, driver: 'simulator' })).not.toHaveProperty('webChat')
  })

  it('updates only the settings that changed, the theme field by field', () => {
    const edited = {
      ...opened,
      webChat: {
        ...opened.webChat!,
        allowedOrigins: ['https://portal.example.com'],
        theme: { ...opened.webChat!.theme, launcherText: 'Chat with us' },
      },
    }
    const body = updateBody(edited, opened)
    expect(body.webChat).toEqual({
      allowedOrigins: ['https://portal.example.com'],
      theme: { launcherText: 'Chat with us' },
    })
    expect(body).not.toHaveProperty('driver')
    expect(ConnectionUpdateRequest.parse(body).webChat).toEqual(body.webChat)
  })

  it('sends no web chat settings when none changed', () => {
    expect(updateBody({ ...opened, name: 'Site chat' }, opened)).toEqual({
      name: 'Site chat',
      isDefault: false,
      greetingMessage: 'Hi! How can we help?',
      farewellMessage: '',
      queueIds: [2],
    })
  })

  it('never overwrites stored settings that the modal did not have (their load failed)', () => {
    const { webChat: _webChat, ...withoutSettings } = opened
    expect(updateBody(opened, withoutSettings)).not.toHaveProperty('webChat')
  })
})

describe('telephony settings between the connection answers and the modal', () => {
  const ACCOUNT_SID = 'AC0123456789abcdef0123456789abcdef'
  const smsLine: ConnectionDetail = {
    ...deskFixtures.connections[0],
    id: 40,
    name: 'SMS line',
    isDefault: false,
    driver: 'telephony',
    telephony: {
      provider: 'twilio',
      fromNumber: '+14155550100',
      accountSid: ACCOUNT_SID,
      messagingServiceSid: null,
      authTokenHint: 'c0de',
      inboundPath: '/webhooks/telephony/40/sms',
      mms: true,
    },
  }
  const line = toModalValues(smsLine)

  it('opens a telephony line with its settings and the Auth Token only as its end', () => {
    expect(line.driver).toBe('telephony')
    expect(line.telephony).toMatchObject({ provider: 'twilio', accountSid: ACCOUNT_SID, authTokenHint: 'c0de' })
    expect(line.telephony).not.toHaveProperty('authToken')
  })

  it('creates a Twilio line in a body the server accepts, and a simulated one with its number only', () => {
    const twilio = createBody({
      ...line,
      telephony: {
        provider: 'twilio',
        accountSid: ACCOUNT_SID,
        authToken: '0123456789abcdef0123',
        fromNumber: '+14155550100',
      },
    })
    expect(ConnectionCreateRequest.safeParse(twilio).success).toBe(true)
    const simulated = createBody({ ...line, telephony: { provider: 'simulator', fromNumber: '+15005550100' } })
    expect(simulated.telephony).toEqual({
      provider: 'simulator',
      fromNumber: '+15005550100',
      accountSid: undefined,
      authToken: undefined,
      messagingServiceSid: undefined,
    })
    expect(ConnectionCreateRequest.safeParse(simulated).success).toBe(true)
  })

  it('keeps the stored Auth Token when none was typed, and sends a typed one', () => {
    const kept = updateBody(line, line)
    expect(kept.telephony).toEqual({ fromNumber: '+14155550100', accountSid: ACCOUNT_SID, messagingServiceSid: null })
    expect(ConnectionUpdateRequest.parse(kept).telephony).not.toHaveProperty('authToken')
    const typed = updateBody({ ...line, telephony: { ...line.telephony!, authToken: 'fedcba9876543210fedc' } }, line)
    expect(typed.telephony).toMatchObject({ authToken: 'fedcba9876543210fedc' })
    expect(ConnectionUpdateRequest.safeParse(typed).success).toBe(true)
  })

  it('never overwrites stored settings that the modal did not have (their load failed)', () => {
    const { telephony: _telephony, ...withoutSettings } = line
    expect(updateBody(line, withoutSettings)).not.toHaveProperty('telephony')
  })
})

describe('Cloud API settings between the connection answers and the modal', () => {
  const opened = toModalValues(cloudApiConnection)

  it('opens a Cloud API connection with its ids and which secrets are stored, never the secrets', () => {
    expect(opened.cloudApi).toMatchObject({
      phoneNumberId: '106540352242922',
      businessAccountId: '102290129340398',
      hasAccessToken: true,
    })
    expect(JSON.stringify(opened)).not.toMatch(/accessToken"|appSecret"|verifyToken"/)
  })

  it('creates a Cloud API connection in a body the server accepts', () => {
    const body = createBody({
      ...opened,
      cloudApi: {
        phoneNumberId: '1065',
        accessToken: 'EAAG',
        verifyToken: 'v',
        appSecret: 's',
        businessAccountId: '77',
      },
    })
    expect(ConnectionCreateRequest.parse(body).cloudApi).toEqual({
      phoneNumberId: '1065',
      accessToken: 'EAAG',
      verifyToken: 'v',
      appSecret: 's',
      businessAccountId: '77',
    })
  })

  it('keeps the stored secrets when none was typed, and sends a typed one', () => {
    const kept = updateBody({ ...opened, cloudApi: { phoneNumberId: '1065', businessAccountId: '88' } }, opened)
    expect(ConnectionUpdateRequest.parse(kept).cloudApi).toEqual({ phoneNumberId: '1065', businessAccountId: '88' })
    const typed = updateBody({ ...opened, cloudApi: { phoneNumberId: '1065', accessToken: 'new' } }, opened)
    expect(ConnectionUpdateRequest.parse(typed).cloudApi).toMatchObject({ accessToken: 'new' })
  })

  it('never overwrites stored settings that the modal did not have (their load failed)', () => {
    const { cloudApi: _cloudApi, ...withoutSettings } = opened
    expect(updateBody(opened, withoutSettings)).not.toHaveProperty('cloudApi')
  })
})
