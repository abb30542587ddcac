import { describe, expect, it } from 'vitest'
import type { Connection } from '../src/contract'
import { applyConnectionEvent, applySessionEvent, connectionsNeedAttention } from '../src/hooks/useConnections'

const connection = (id: number, change: Partial<Connection> = {}): Connection => ({
  id,
  name: `Line ${id}`,
  status: 'CONNECTED',
  qrcode: null,
  retries: 0,
  isDefault: false,
  greetingMessage: null,
  farewellMessage: null,
  queues: [],
  updatedAt: '2026-01-15T10:00:00.000Z',
  ...change,
})

describe('connection events', () => {
  const list = [connection(1, { isDefault: true }), connection(2)]

  it('replaces an updated connection in place and adds a new one at the end', () => {
    const renamed = applyConnectionEvent(list, { action: 'update', whatsapp: connection(2, { name: 'Renamed' }) })
    expect(renamed?.map((c) => c.name)).toEqual(['Line 1', 'Renamed'])
    const added = applyConnectionEvent(list, { action: 'create', whatsapp: connection(3) })
    expect(added?.map((c) => c.id)).toEqual([1, 2, 3])
    // The same event twice (own answer, then the socket's) adds it once.
    expect(applyConnectionEvent(added, { action: 'create', whatsapp: connection(3) })?.map((c) => c.id)).toEqual([
      1, 2, 3,
    ])
  })

  it('moves the default mark to a connection that becomes the default', () => {
    const next = applyConnectionEvent(list, { action: 'update', whatsapp: connection(2, { isDefault: true }) })
    expect(next?.map((c) => c.isDefault)).toEqual([false, true])
  })

  it('removes a deleted connection and leaves an unloaded list alone', () => {
    expect(applyConnectionEvent(list, { action: 'delete', whatsappId: 1 })?.map((c) => c.id)).toEqual([2])
    expect(applyConnectionEvent(undefined, { action: 'delete', whatsappId: 1 })).toBeUndefined()
  })

  it('applies a session update: status, QR code, retries and time', () => {
    const session = {
      id: 2,
      status: 'qrcode' as const,
      qrcode: 'pair-me',
      retries: 1,
      updatedAt: '2026-01-15T11:00:00.000Z',
    }
    const next = applySessionEvent(list, session)
    expect(next?.[1]).toMatchObject({
      status: 'qrcode',
      qrcode: 'pair-me',
      retries: 1,
      updatedAt: session.updatedAt,
      name: 'Line 2',
    })
    expect(next?.[0]).toBe(list[0])
    expect(applySessionEvent(list, { ...session, id: 9 })).toBe(list)
  })
})

describe('connections menu badge', () => {
  it('asks for attention for a code to scan, a pairing, an opening, a timeout or a lost session', () => {
    for (const status of ['qrcode', 'PAIRING', 'OPENING', 'TIMEOUT', 'DISCONNECTED'] as const) {
      expect(connectionsNeedAttention([connection(1), connection(2, { status })])).toBe(true)
    }
  })

  it('stays quiet when every connection is connected, or before they load', () => {
    expect(connectionsNeedAttention([connection(1), connection(2)])).toBe(false)
    expect(connectionsNeedAttention([])).toBe(false)
    expect(connectionsNeedAttention(undefined)).toBe(false)
  })
})
