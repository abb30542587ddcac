import { describe, expect, it } from 'vitest'
import {
  mergeMessages,
  newClientId,
  type PendingMessage,
  unreadCount,
  unsettled,
} from '../src/frame/model/conversation'
import { message } from './fixtures'

const pending = (clientId: string): PendingMessage => ({
  clientId,
  body: 'hi',
  files: [],
  status: 'sending',
  error: null,
  createdAt: '2026-01-15T10:00:00Z',
})

describe('merging messages by id', () => {
  it('keeps one copy of each message, oldest first, when a catch-up overlaps the live ones', () => {
    const live = [message(1), message(2), message(4)]
    const catchUp = [message(2), message(3), message(4), message(5)]
    expect(mergeMessages(live, catchUp).map((m) => m.id)).toEqual([1, 2, 3, 4, 5])
  })
  it('takes the newer copy of a message it holds (an edit, a new ack)', () => {
    const merged = mergeMessages([message(1, { ack: 1 })], [message(1, { ack: 3, body: 'edited' })])
    expect(merged).toEqual([message(1, { ack: 3, body: 'edited' })])
  })
  it('puts an older page before what is held', () => {
    expect(mergeMessages([message(10), message(11)], [message(8), message(9)]).map((m) => m.id)).toEqual([8, 9, 10, 11])
  })
})

describe('pending messages', () => {
  it('leave once the desk holds a message with their clientId, and only then', () => {
    const waiting = [pending('aaaaaaaa1'), pending('bbbbbbbb2')]
    const held = [message(7, { clientId: 'aaaaaaaa1', fromCustomer: true })]
    expect(unsettled(waiting, held).map((p) => p.clientId)).toEqual(['bbbbbbbb2'])
    expect(unsettled(waiting, [message(8)])).toHaveLength(2)
  })
})

describe('unread count', () => {
  it('counts the desk messages after the last one read, not the visitor’s own nor deleted ones', () => {
    const held = [
      message(1),
      message(2, { fromCustomer: true }),
      message(3),
      message(4, { isDeleted: true }),
      message(5),
    ]
    expect(unreadCount(held, 1)).toBe(2)
    expect(unreadCount(held, 5)).toBe(0)
  })
})

describe('client ids', () => {
  it('are fresh each time and fit what the desk accepts', () => {
    const ids = new Set(Array.from({ length: 50 }, newClientId))
    expect(ids.size).toBe(50)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{8,64}$/)
  })
})
