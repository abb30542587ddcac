import type { Ticket } from '@desk/api-client'
import { describe, expect, it } from 'vitest'
import type { Executor } from '../../src/db'
import type { AppError } from '../../src/http/errors'
import {
  requireMessageAuthor,
  requireTicketAccess,
  seesEveryTicket,
  type TicketAction,
} from '../../src/modules/tickets/access'
import { lostTo, nextState, sameState, stateOf } from '../../src/modules/tickets/state-machine'
import type { Actor } from '../../src/modules/users/repository'

const admin: Actor = { id: 1, name: 'Admin', profile: 'admin' }
const agent: Actor = { id: 2, name: 'Agent', profile: 'user' }
const colleague = 3

const ticket = (over: Partial<Ticket>): Ticket => ({
  id: 10,
  status: 'pending',
  contactId: 5,
  contact: {
    id: 5,
    name: 'Ana',
    number: '5511900000001',
    email: null,
    profilePicUrl: null,
    isGroup: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  },
  userId: null,
  user: null,
  queueId: null,
  queue: null,
  whatsappId: 4,
  whatsapp: { id: 4, name: 'Main' },
  isGroup: false,
  lastMessage: null,
  unreadMessages: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...over,
})

/** The caller's queues as `user_queues` answers them; counts the reads. */
const queuesDb = (queueIds: number[]) => {
  const reads = { n: 0 }
  // No note mentions the caller: any chain on `mentions` finds nothing.
  const noMention = {
    select: () => noMention,
    where: () => noMention,
    limit: () => noMention,
    executeTakeFirst: async () => undefined,
  }
  // The caller's queues are a compiled-once query (see reusableQuery): compiled from this chain, then run.
  const db = {
    getExecutor: () => ({ adapter: {} }),
    selectFrom: (table: string) =>
      table === 'mentions'
        ? noMention
        : {
            select: () => ({
              where: (_column: string, _op: string, value: unknown) => ({
                compile: () => ({ sql: 'select "queueId" from "user_queues" where "userId" = ?', parameters: [value] }),
              }),
            }),
          },
    executeQuery: async () => {
      reads.n += 1
      return { rows: queueIds.map((queueId) => ({ queueId })) }
    },
  } as unknown as Executor
  return { db, reads }
}

const refusal = async (promise: Promise<unknown>) => {
  const error = (await promise.then(
    () => undefined,
    (e: unknown) => e,
  )) as AppError | undefined
  return error && { code: error.code, status: error.status }
}

describe('ticket access', () => {
  const access = (actor: Actor, t: Ticket | undefined, action: TicketAction, myQueues: number[] = []) =>
    requireTicketAccess(queuesDb(myQueues).db, actor, t, action)

  it('answers 404 for a missing ticket, but refuses admin-only actions first', async () => {
    expect(await refusal(access(agent, undefined, 'read'))).toEqual({ code: 'ERR_NO_TICKET_FOUND', status: 404 })
    expect(await refusal(access(agent, undefined, 'write'))).toEqual({ code: 'ERR_NO_TICKET_FOUND', status: 404 })
    expect(await refusal(access(agent, undefined, 'delete'))).toEqual({ code: 'ERR_NO_PERMISSION', status: 403 })
    expect(await refusal(access(admin, undefined, 'delete'))).toEqual({ code: 'ERR_NO_TICKET_FOUND', status: 404 })
  })

  it('lets an agent read their own tickets and the waiting ones of their queues or without a queue', async () => {
    const mine = ticket({ status: 'open', userId: agent.id })
    expect(await access(agent, mine, 'read')).toBe(mine)
    const waiting = ticket({ queueId: 7 })
    expect(await access(agent, waiting, 'read', [7])).toBe(waiting)
    expect(await access(agent, ticket({ queueId: null }), 'read')).toBeTruthy()
    expect(await refusal(access(agent, waiting, 'read', [8]))).toEqual({ code: 'ERR_NO_PERMISSION', status: 403 })
    const theirs = ticket({ status: 'open', userId: colleague })
    expect(await refusal(access(agent, theirs, 'read', [7]))).toEqual({ code: 'ERR_NO_PERMISSION', status: 403 })
    expect(await access(admin, theirs, 'read')).toBe(theirs)
  })

  it('reads the caller’s queues only when the answer depends on them', async () => {
    const { db, reads } = queuesDb([7])
    await requireTicketAccess(db, admin, ticket({ queueId: 9 }), 'read')
    await requireTicketAccess(db, agent, ticket({ status: 'open', userId: agent.id }), 'read')
    expect(reads.n).toBe(0)
    await requireTicketAccess(db, agent, ticket({ queueId: 7 }), 'read')
    expect(reads.n).toBe(1)
  })

  it('lets only the holder (or an admin) write on an open ticket', async () => {
    const notOpen = { code: 'ERR_TICKET_NOT_OPEN', status: 409 }
    expect(await refusal(access(agent, ticket({ queueId: null }), 'write'))).toEqual(notOpen)
    expect(await refusal(access(admin, ticket({ status: 'closed', userId: admin.id }), 'write'))).toEqual(notOpen)
    const theirs = ticket({ status: 'open', userId: colleague })
    expect(await access(admin, theirs, 'write')).toBe(theirs)
    expect(await refusal(access(agent, theirs, 'write'))).toEqual({ code: 'ERR_NO_PERMISSION', status: 403 })
    expect(await access(agent, ticket({ status: 'open', userId: agent.id }), 'write')).toBeTruthy()
  })

  it('keeps deleting and moving to another connection for admins', async () => {
    const mine = ticket({ status: 'open', userId: agent.id })
    for (const action of ['delete', 'move-connection'] as const) {
      expect(await refusal(access(agent, mine, action))).toEqual({ code: 'ERR_NO_PERMISSION', status: 403 })
      expect(await access(admin, mine, action)).toBe(mine)
    }
  })

  it('honours show-all for admins only', () => {
    expect(seesEveryTicket(admin, true)).toBe(true)
    expect(seesEveryTicket(admin, false)).toBe(false)
    expect(seesEveryTicket(agent, true)).toBe(false)
  })

  it('lets only the agent who sent a message delete it', () => {
    const sent = { fromMe: 1, userId: agent.id }
    expect(requireMessageAuthor(agent, sent)).toBe(sent)
    const code = (f: () => unknown) => {
      try {
        f()
      } catch (error) {
        return [(error as AppError).code, (error as AppError).status]
      }
    }
    expect(code(() => requireMessageAuthor(agent, undefined))).toEqual(['ERR_NOT_FOUND', 404])
    expect(code(() => requireMessageAuthor(admin, sent))).toEqual(['ERR_NO_PERMISSION', 403])
    expect(code(() => requireMessageAuthor(agent, { fromMe: 0, userId: agent.id }))).toEqual(['ERR_NO_PERMISSION', 403])
  })
})

describe('ticket state machine', () => {
  it('assigns the caller on accept and reopen, and frees the ticket on return', () => {
    const waiting = ticket({ queueId: 7 })
    expect(nextState(agent, waiting, 'accept', { status: 'open' })).toEqual({
      status: 'open',
      userId: agent.id,
      queueId: 7,
      whatsappId: 4,
    })
    const closed = ticket({ status: 'closed', userId: colleague })
    expect(nextState(agent, closed, 'reopen', { status: 'open' })).toMatchObject({ status: 'open', userId: agent.id })
    const open = ticket({ status: 'open', userId: agent.id, queueId: 7 })
    expect(nextState(agent, open, 'return', { status: 'pending', userId: null })).toEqual({
      status: 'pending',
      userId: null,
      queueId: 7,
      whatsappId: 4,
    })
  })

  it('changes nothing when viewing a pending ticket', () => {
    const waiting = ticket({ queueId: 7 })
    expect(sameState(nextState(agent, waiting, 'view', { status: 'pending' }), stateOf(waiting))).toBe(true)
    const open = ticket({ status: 'open', userId: colleague })
    expect(nextState(admin, open, 'view', { status: 'pending' })).toMatchObject({ status: 'pending', userId: null })
  })

  it('sends a transfer to a queue back to waiting, and to a user as theirs', () => {
    const open = ticket({ status: 'open', userId: agent.id })
    expect(nextState(agent, open, 'transfer', { queueId: 8 })).toEqual({
      status: 'pending',
      userId: null,
      queueId: 8,
      whatsappId: 4,
    })
    expect(nextState(agent, open, 'transfer', { queueId: 8, userId: colleague, status: 'open' })).toEqual({
      status: 'open',
      userId: colleague,
      queueId: 8,
      whatsappId: 4,
    })
    // A closed ticket moved to another connection comes back open with its holder; without one it waits.
    const closed = ticket({ status: 'closed', userId: null })
    expect(nextState(admin, closed, 'transfer', { whatsappId: 6 })).toEqual({
      status: 'pending',
      userId: null,
      queueId: null,
      whatsappId: 6,
    })
  })

  it('tells a caller they lost the race for a ticket someone else holds open', () => {
    const held = ticket({ status: 'open', userId: colleague })
    expect(lostTo(agent, held, { status: 'open' })).toBe(true)
    expect(lostTo(agent, held, { status: 'pending', userId: agent.id })).toBe(true)
    expect(lostTo(agent, held, { status: 'pending', userId: null })).toBe(false)
    expect(lostTo(agent, held, { status: 'open', queueId: 7 })).toBe(false)
    expect(lostTo(agent, ticket({ status: 'open', userId: agent.id }), { status: 'open' })).toBe(false)
  })
})
