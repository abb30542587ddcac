import { parseVcardBody } from '@desk/api-client'
import { describe, expect, it } from 'vitest'
import { SimulatorDriver } from '../../src/drivers/simulator'
import type { DriverContext, InboundMessage, StatusUpdate } from '../../src/drivers/types'
import { queueMenu } from '../../src/modules/inbound/service'
import { sniffMime } from '../../src/modules/media/store'
import { fillTemplate, transferNotice } from '../../src/modules/tickets/service'
import { mergeAudiences } from '../../src/realtime/audience'

const simulator = (paired = false, options = {}) => {
  const statuses: StatusUpdate[] = []
  const inbound: InboundMessage[] = []
  const acks: Array<[string, number]> = []
  const context: DriverContext = {
    connectionId: 7,
    config: {},
    dataDir: '/nonexistent',
    paired,
    events: {
      status: async (update) => void statuses.push(update),
      inbound: async (message) => inbound.push(message),
      ack: async (id, ack) => acks.push([id, ack]),
    },
  }
  return { driver: new SimulatorDriver(context, { qrRefreshMs: 0, ...options }), statuses, inbound, acks }
}

describe('simulator driver', () => {
  it('pairs through a scanned QR code, then sends into its outbox', async () => {
    const { driver, statuses } = simulator()
    await driver.start()
    expect(statuses.map((s) => s.status)).toEqual(['OPENING', 'qrcode'])
    const qr = statuses[1]?.qrcode
    expect(qr).toMatch(/^limedesk-sim:7:/)
    await expect(driver.sendText('5511999990000', 'too early')).rejects.toThrow()
    await expect(driver.scan('limedesk-sim:7:stale')).rejects.toThrow('stale')
    await driver.scan(qr ?? undefined)
    expect(statuses.at(-1)).toEqual({ status: 'CONNECTED', qrcode: null, retries: 0 })

    const sent = await driver.sendText('5511999990000', 'hello', { reference: 42, quotedProviderMessageId: 'Q1' })
    await driver.sendVcard('5511999990000', { name: 'Ana; Maria', number: '+55 11 98888-7777' })
    await driver.sendLocation('5511999990000', { link: 'https://maps.test/?q=1', description: 'Office' })
    const outbox = driver.outbox()
    expect(outbox[0]).toMatchObject({
      kind: 'text',
      body: 'hello',
      messageId: 42,
      quotedProviderMessageId: 'Q1',
      ack: 1,
    })
    expect(sent.providerMessageId).toBe(outbox[0]?.providerMessageId)
    expect(parseVcardBody(outbox[1]?.body ?? '')).toMatchObject({ name: 'Ana; Maria', number: '5511988887777' })
    expect(outbox[2]?.body).toBe('|https://maps.test/?q=1|Office')
    expect(driver.outbox('000')).toEqual([])
  })

  it('restores a paired session straight to CONNECTED, and drops back to DISCONNECTED', async () => {
    const { driver, statuses, inbound } = simulator(true)
    await driver.start()
    expect(statuses.map((s) => s.status)).toEqual(['OPENING', 'CONNECTED'])
    await driver.receive({ from: '5511900000000', name: 'Ana', isGroup: false, body: 'oi', mediaType: 'chat' })
    expect(inbound[0]?.providerMessageId).toMatch(/^SIMIN/)
    expect(await driver.listDeviceContacts()).toEqual([{ number: '5511900000000', name: 'Ana' }])
    await driver.drop()
    expect(statuses.at(-1)).toEqual({ status: 'DISCONNECTED', qrcode: null })
    await expect(driver.receive({ from: '1', isGroup: false, body: 'x', mediaType: 'chat' })).rejects.toThrow()
    await driver.start()
    expect(statuses.at(-1)?.status).toBe('qrcode')
  })

  it('moves acks forward only', async () => {
    const { driver, acks } = simulator(true)
    await driver.start()
    const { providerMessageId } = await driver.sendText('5511900000000', 'x')
    await driver.ack(providerMessageId, 3)
    await driver.ack(providerMessageId, 2)
    expect(driver.outbox()[0]?.ack).toBe(3)
    expect(acks).toEqual([
      [providerMessageId, 3],
      [providerMessageId, 2],
    ])
  })

  it('shows a new QR code when one expires, and times out after the allowed retries', async () => {
    const { driver, statuses } = simulator(false, { qrRefreshMs: 5, maxQrRetries: 1 })
    await driver.start()
    await new Promise<void>((resolve) => {
      const check = () => (statuses.at(-1)?.status === 'TIMEOUT' ? resolve() : setTimeout(check, 5))
      check()
    })
    const qrs = statuses.filter((s) => s.status === 'qrcode')
    expect(qrs.map((s) => s.retries)).toEqual([0, 1])
    expect(qrs[0]?.qrcode).not.toBe(qrs[1]?.qrcode)
    expect(statuses.at(-1)).toEqual({ status: 'TIMEOUT', qrcode: null, retries: 2 })
  })
})

describe('conversation helpers', () => {
  it('writes the numbered queue menu under the greeting', () => {
    expect(queueMenu('Hi!', [{ name: 'Sales' }, { name: 'Support' }])).toBe('Hi!\n\n*1* - Sales\n*2* - Support')
    expect(queueMenu(null, [{ name: 'A' }, { name: 'B' }])).toBe('*1* - A\n*2* - B')
  })

  it('fills the farewell and words the transfer notice', () => {
    expect(fillTemplate('Bye {{name}}, {{name}}!', { name: 'Ana' })).toBe('Bye Ana, Ana!')
    expect(transferNotice('Sales', 'Bob')).toBe('Your conversation was transferred to *Sales*, attendant *Bob*.')
    expect(transferNotice(null, 'Bob')).toBe('Your conversation was transferred to *Bob*.')
  })

  it('merges audiences', () => {
    expect(mergeAudiences({ everyone: false, userIds: [1, 2] }, { everyone: false, userIds: [2, 3] })).toEqual({
      everyone: false,
      userIds: [1, 2, 3],
    })
    expect(mergeAudiences({ everyone: false, userIds: [1] }, { everyone: true, userIds: [] }).everyone).toBe(true)
  })

  it('recognises media from its content, not its name', () => {
    expect(sniffMime(Buffer.from('89504e470d0a1a0a0000', 'hex'))).toBe('image/png')
    expect(sniffMime(Buffer.from('%PDF-1.7'))).toBe('application/pdf')
    expect(sniffMime(Buffer.from('<html><script>'))).toBe('application/octet-stream')
  })
})
