import { inTicketScope, type TicketStatus } from '@desk/api-client'
import { describe, expect, it } from 'vitest'
import { migrateToLatest } from '../../src/db'
import { canSeeTicket, ticketScope } from '../../src/modules/tickets/access'
import { queueIdsOf } from '../../src/modules/tickets/repository'
import type { Actor } from '../../src/modules/users/access'
import { freshDatabase } from '../support/database'
import { drivers } from '../support/drivers'
import { contactRow, queueRow, ticketRow, userRow } from '../support/rows'

/**
 * The lists and counters ask the database which tickets a caller sees (`ticketScope`, SQL); the
 * hooks and the mock handlers decide it in memory with the contract's `inTicketScope`. Every
 * combination of caller (admin or not, in no, one or two queues), ticket (status, queue, holder)
 * and list (show-all, selected queues) must get the same answer from both.
 */
const STATUSES: TicketStatus[] = ['open', 'pending', 'closed']
const CALLERS = [
  { name: 'admin without queues', profile: 'admin', queues: [] },
  { name: 'admin in queue A', profile: 'admin', queues: [0] },
  { name: 'agent without queues', profile: 'user', queues: [] },
  { name: 'agent in queue A', profile: 'user', queues: [0] },
  { name: 'agent in A and B', profile: 'user', queues: [0, 1] },
] as const

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`ticket visibility (${driver})`, () => {
    const fresh = freshDatabase(driver)

    it("gives the SQL lists the contract's rule on every generated case", async () => {
      const db = fresh.database.db
      await migrateToLatest(db)
      const at = '2026-11-24T10:00:00.000Z'
      const queues = await db
        .insertInto('queues')
        .values(['A', 'B', 'C'].map((name, i) => queueRow({ name, color: `#00000${i}` }, at)))
        .returning('id')
        .execute()
      const queueIds = queues.map((q) => q.id)
      const users: Actor[] = []
      for (const [i, caller] of CALLERS.entries()) {
        const { id } = await db
          .insertInto('users')
          .values(userRow({ name: caller.name, email: `u${i}@desk.test`, profile: caller.profile }, at))
          .returning('id')
          .executeTakeFirstOrThrow()
        if (caller.queues.length) {
          await db
            .insertInto('user_queues')
            .values(caller.queues.map((q) => ({ userId: id, queueId: queueIds[q]!, createdAt: at })))
            .execute()
        }
        users.push({ id, name: caller.name, profile: caller.profile })
      }
      // One ticket for every status, queue (none, A, B, C) and holder (nobody, each caller); one live
      // ticket per contact and connection, so each ticket gets its own contact.
      const tickets: Array<{ id: number; status: TicketStatus; queueId: number | null; userId: number | null }> = []
      for (const status of STATUSES)
        for (const queueId of [null, ...queueIds])
          for (const userId of [null, ...users.map((u) => u.id)]) {
            const { id: contactId } = await db
              .insertInto('contacts')
              .values(
                contactRow(
                  { name: `c${tickets.length}`, number: `55119${String(tickets.length).padStart(8, '0')}` },
                  at,
                ),
              )
              .returning('id')
              .executeTakeFirstOrThrow()
            const { id } = await db
              .insertInto('tickets')
              .values(ticketRow({ status, contactId, queueId, userId }, at))
              .returning('id')
              .executeTakeFirstOrThrow()
            tickets.push({ id, status, queueId, userId })
          }

      const selections = [[], [queueIds[0]!], [queueIds[1]!], [queueIds[0]!, queueIds[2]!]]
      let checked = 0
      for (const actor of users) {
        const myQueues = await queueIdsOf(db, actor.id)
        const seer = { id: actor.id, admin: actor.profile === 'admin', queueIds: myQueues }
        for (const showAll of [false, true])
          for (const selected of selections) {
            const parts = ticketScope(actor, myQueues, { showAll, queueIds: selected })
            const rows = await db
              .selectFrom('tickets')
              .select('id')
              .where((eb) => eb.or(parts.map((part) => eb.and(part(eb)))))
              .execute()
            const bySql = rows.map((r) => r.id).sort((a, b) => a - b)
            const byRule = tickets
              .filter((t) => inTicketScope(seer, t, { showAll, queueIds: selected }))
              .map((t) => t.id)
            expect(bySql, `${actor.name}, showAll ${showAll}, queues ${selected}`).toEqual(byRule)
            checked++
          }
        // Opening one ticket asks the same rule: what the unnarrowed list shows, and every ticket for admins.
        for (const t of tickets) {
          const listed = inTicketScope(seer, t, { showAll: seer.admin })
          expect(canSeeTicket(actor, myQueues, t), `${actor.name} opening ${JSON.stringify(t)}`).toBe(listed)
        }
      }
      expect(checked).toBe(CALLERS.length * 2 * selections.length)
    })
  })
}
