import { describe, expect, it } from 'vitest'
import {
  type CloudChangeValue,
  CloudWebhookPayload,
  ConnectionCreateRequest,
  ConnectionDetail,
  ConnectionUpdateRequest,
  cloudStatusToAck,
  DashboardResponse,
  SimulatorAckRequest,
  SimulatorInboundRequest,
  toHourBuckets,
  WebhookVerifyQuery,
} from '../../src/contract'
import { fieldErrors } from './issues'

const cloudApi = { phoneNumberId: '106540352242922', accessToken: 'EAAG1', verifyToken: 'v3r1fy', appSecret: 's3cr3t' }

describe('connections', () => {
  it('defaults to a simulator connection with no queues', () => {
    expect(ConnectionCreateRequest.parse({ name: 'Main', greetingMessage: 'Hi!\nPick a queue' })).toEqual({
      name: 'Main',
      greetingMessage: 'Hi!\nPick a queue',
      isDefault: false,
      queueIds: [],
      driver: 'simulator',
    })
  })

  it('bounds the name to 2–50 and needs cloud settings for the cloud driver', () => {
    expect(fieldErrors(ConnectionCreateRequest, { name: 'M', driver: 'cloud-api' })).toEqual({
      name: 'validation.tooShort',
      cloudApi: 'validation.required',
    })
    expect(fieldErrors(ConnectionCreateRequest, { name: 'Main', driver: 'cloud-api', cloudApi })).toEqual({})
    expect(
      fieldErrors(ConnectionCreateRequest, {
        name: 'Main',
        driver: 'cloud-api',
        cloudApi: { ...cloudApi, phoneNumberId: 'abc' },
      }),
    ).toEqual({ 'cloudApi.phoneNumberId': 'validation.invalid' })
  })

  it('keeps stored secrets when an update leaves them empty', () => {
    expect(ConnectionUpdateRequest.parse({ cloudApi: { accessToken: '', appSecret: 'new' } })).toEqual({
      cloudApi: { accessToken: undefined, appSecret: 'new' },
    })
  })

  it('never lets a secret through a response', () => {
    const row = {
      id: 1,
      name: 'Main',
      status: 'CONNECTED',
      qrcode: null,
      retries: 0,
      isDefault: true,
      greetingMessage: null,
      farewellMessage: null,
      driver: 'cloud-api',
      queues: [],
      updatedAt: '2025-01-01T00:00:00.000Z',
      accessToken: 'EAAG1',
      appSecret: 's3cr3t',
      cloudApi: { ...cloudApi, hasAccessToken: true, hasVerifyToken: true, hasAppSecret: true, webhookPath: '/w/1' },
    }
    const text = JSON.stringify(ConnectionDetail.parse(row))
    expect(text).not.toContain('EAAG1')
    expect(text).not.toContain('s3cr3t')
    expect(text).not.toContain('v3r1fy')
    expect(text).toContain('106540352242922')
  })
})

describe('simulator', () => {
  it('plays a customer writing text, with the number reduced to digits', () => {
    expect(SimulatorInboundRequest.parse({ from: '+55 11 98765-4321', body: 'Oi' })).toEqual({
      from: '5511987654321',
      body: 'Oi',
      mediaType: 'chat',
      isGroup: false,
    })
  })

  it('needs a body for text, a file for media, a group id for groups', () => {
    expect(fieldErrors(SimulatorInboundRequest, { from: '5511987654321', body: '  ' })).toEqual({
      body: 'validation.required',
    })
    expect(fieldErrors(SimulatorInboundRequest, { from: '5511987654321', mediaType: 'image' })).toEqual({
      mediaBase64: 'validation.required',
    })
    expect(fieldErrors(SimulatorInboundRequest, { from: '5511987654321', body: 'x', isGroup: true })).toEqual({
      groupId: 'validation.required',
    })
    expect(fieldErrors(SimulatorInboundRequest, { from: '1234', body: 'x' })).toEqual({ from: 'validation.tooShort' })
  })

  it('takes acks 0 to 4 only', () => {
    expect(SimulatorAckRequest.parse({ messageId: 'sim-1', ack: 3 })).toEqual({ messageId: 'sim-1', ack: 3 })
    expect(fieldErrors(SimulatorAckRequest, { messageId: 5, ack: 5 })).toEqual({ ack: 'validation.invalid' })
  })
})

describe('cloud api webhook', () => {
  it('reads the handshake query', () => {
    const q = { 'hub.mode': 'subscribe', 'hub.verify_token': 'v3r1fy', 'hub.challenge': '1158201444' }
    expect(WebhookVerifyQuery.parse(q)).toEqual(q)
    expect(WebhookVerifyQuery.safeParse({ ...q, 'hub.mode': 'unsubscribe' }).success).toBe(false)
  })

  it('reads messages, sender profiles and statuses and keeps unknown fields', () => {
    const payload = CloudWebhookPayload.parse({
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '102290129340398',
          changes: [
            {
              field: 'messages',
              value: {
                messaging_product: 'whatsapp',
                metadata: { display_phone_number: '15550783881', phone_number_id: '106540352242922' },
                contacts: [{ profile: { name: 'Sheena Nelson' }, wa_id: '16505551234' }],
                messages: [
                  { from: '16505551234', id: 'wamid.A', timestamp: '1749416383', type: 'text', text: { body: 'Hi' } },
                ],
                statuses: [{ id: 'wamid.B', status: 'read', timestamp: '1749416384', recipient_id: '16505551234' }],
                new_field: true,
              },
            },
          ],
        },
      ],
    })
    const value = payload.entry[0].changes[0].value as CloudChangeValue
    expect(value.messages?.[0].text?.body).toBe('Hi')
    expect(value.contacts?.[0].profile?.name).toBe('Sheena Nelson')
    expect(cloudStatusToAck(value.statuses?.[0].status ?? '')).toBe(3)
    expect(value).toHaveProperty('new_field', true)
    expect(cloudStatusToAck('failed')).toBeNull()
  })
})

describe('dashboard', () => {
  it('fills all 24 hours from sparse rows', () => {
    const perHour = toHourBuckets([
      { hour: 9, count: 3 },
      { hour: 14, count: 2 },
    ])
    expect(perHour).toHaveLength(24)
    expect(perHour[9]).toEqual({ hour: 9, count: 3 })
    expect(perHour[0]).toEqual({ hour: 0, count: 0 })
    const answer = { counters: { open: 1, pending: 2, closed: 3 }, ticketsToday: { total: 5, perHour } }
    expect(DashboardResponse.parse(answer)).toEqual(answer)
    expect(
      DashboardResponse.safeParse({ ...answer, ticketsToday: { total: 5, perHour: perHour.slice(1) } }).success,
    ).toBe(false)
  })
})
