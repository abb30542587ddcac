import { describe, expect, it } from 'vitest'
import { canSeeTicket, inTicketScope, seerOf } from '../../src/contract'
import { fixtures } from '../../src/mocks'

const agent = { id: 2, admin: false, queueIds: [1] }
const admin = { id: 1, admin: true, queueIds: [] }

describe('who sees a ticket', () => {
  it('lets an agent open their own tickets and unassigned pending ones in their queues or in none', () => {
    expect(canSeeTicket(agent, { userId: 2, status: 'closed', queueId: 9 })).toBe(true)
    expect(canSeeTicket(agent, { userId: null, status: 'pending', queueId: 1 })).toBe(true)
    expect(canSeeTicket(agent, { userId: null, status: 'pending', queueId: null })).toBe(true)
    expect(canSeeTicket(agent, { userId: null, status: 'pending', queueId: 9 })).toBe(false)
    expect(canSeeTicket(agent, { userId: null, status: 'open', queueId: 1 })).toBe(false)
    expect(canSeeTicket(agent, { userId: 1, status: 'open', queueId: 1 })).toBe(false)
  })

  it('lets an admin open any ticket, while their lists show everything only with show-all', () => {
    const others = { userId: 2, status: 'open' as const, queueId: 1 }
    expect(canSeeTicket(admin, others)).toBe(true)
    expect(inTicketScope(admin, others, {})).toBe(false)
    expect(inTicketScope(admin, others, { showAll: true })).toBe(true)
    expect(inTicketScope(agent, { ...others, userId: 1 }, { showAll: true })).toBe(false)
  })

  it('narrows a list to its selected queues, keeping tickets without a queue', () => {
    const mine = { userId: 2, status: 'open' as const, queueId: 1 }
    expect(inTicketScope(agent, mine, { queueIds: [3] })).toBe(false)
    expect(inTicketScope(agent, { ...mine, queueId: null }, { queueIds: [3] })).toBe(true)
    expect(inTicketScope(agent, mine, { queueIds: [] })).toBe(true)
  })

  it("reads a signed-in user's role and queues", () => {
    expect(seerOf(fixtures.admin).admin).toBe(true)
    expect(seerOf(fixtures.agent)).toEqual({
      id: fixtures.agent.id,
      admin: false,
      queueIds: fixtures.agent.queues.map((q) => q.id),
    })
  })
})
