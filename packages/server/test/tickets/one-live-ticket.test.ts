import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isUniqueViolation, migrateTo, migrateToLatest } from '../../src/db'
import { freshDatabase } from '../support/database'
import { connectSimulator, startTwoAgentDesk } from '../support/desk'
import { drivers } from '../support/drivers'
import { connectionRow, contactRow, ticketRow } from '../support/rows'
import type { Client, TestServer } from '../support/server'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`migration 0006 on a database with duplicate live tickets (${driver})`, () => {
    const fresh = freshDatabase(driver)

    it('closes all but the most recently updated live ticket per contact and connection, then enforces one', async () => {
      const db = fresh.database.db
      await migrateTo(db, '0005_ticket_search')

      const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`
      const [ana, bia] = await db
        .insertInto('contacts')
        .values(['Ana', 'Bia'].map((name, i) => contactRow({ name, number: `551190000000${i}` }, at(0))))
        .returning('id')
        .execute()
      const [one, two] = await db
        .insertInto('whatsapps')
        .values(['One', 'Two'].map((name, i) => connectionRow({ name, isDefault: i === 0 ? 1 : 0 }, at(0))))
        .returning('id')
        .execute()
      const rows: Array<[string, number, number | null, 'open' | 'pending' | 'closed', number]> = [
        ['ana-one-old', ana!.id, one!.id, 'pending', 1],
        ['ana-one-newest', ana!.id, one!.id, 'open', 5],
        ['ana-one-older', ana!.id, one!.id, 'open', 3],
        ['ana-one-closed', ana!.id, one!.id, 'closed', 9],
        ['ana-two', ana!.id, two!.id, 'pending', 2],
        ['bia-one-tie-first', bia!.id, one!.id, 'pending', 4],
        ['bia-one-tie-second', bia!.id, one!.id, 'open', 4],
        ['bia-no-connection-a', bia!.id, null, 'open', 1],
        ['bia-no-connection-b', bia!.id, null, 'open', 2],
      ]
      const ids = new Map<string, number>()
      for (const [label, contactId, whatsappId, status, minute] of rows) {
        const { id } = await db
          .insertInto('tickets')
          .values(ticketRow({ status, contactId, whatsappId, lastMessage: label }, at(minute)))
          .returning('id')
          .executeTakeFirstOrThrow()
        ids.set(label, id)
      }

      expect(await migrateToLatest(db)).toContain('0006_one_live_ticket')

      const after = await db.selectFrom('tickets').select(['lastMessage', 'status', 'updatedAt']).execute()
      const statusOf = Object.fromEntries(after.map((r) => [r.lastMessage, r.status]))
      expect(statusOf).toEqual({
        'ana-one-old': 'closed',
        'ana-one-newest': 'open',
        'ana-one-older': 'closed',
        'ana-one-closed': 'closed',
        'ana-two': 'pending',
        'bia-one-tie-first': 'closed',
        'bia-one-tie-second': 'open',
        // Without a connection nothing can arrive on them: left as they were.
        'bia-no-connection-a': 'open',
        'bia-no-connection-b': 'open',
      })
      // The closed duplicates keep their place in time.
      expect(after.find((r) => r.lastMessage === 'ana-one-old')?.updatedAt).toBe(at(1))

      const live = (status: 'open' | 'pending' | 'closed') =>
        ticketRow({ status, contactId: ana!.id, whatsappId: one!.id }, at(10))
      const refused = await db
        .insertInto('tickets')
        .values(live('pending'))
        .execute()
        .then(
          () => null,
          (error: unknown) => error,
        )
      expect(isUniqueViolation(refused)).toBe(true)
      await db.insertInto('tickets').values(live('closed')).execute()
      const reopen = await db
        .updateTable('tickets')
        .set({ status: 'open' })
        .where('id', '=', ids.get('ana-one-older')!)
        .execute()
        .then(
          () => null,
          (error: unknown) => error,
        )
      expect(isUniqueViolation(reopen)).toBe(true)
    })
  })

  describe.skipIf(!available)(`one live ticket per contact and connection (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let sim: Awaited<ReturnType<typeof connectSimulator>>

    beforeAll(async () => {
      ;({ t, admin, sim } = await startTwoAgentDesk(driver, { alice: [], bob: [] }))
    })
    afterAll(() => t?.close())

    it('moving a ticket to a connection where the contact has a live one is 409 ERR_OTHER_OPEN_TICKET', async () => {
      const other = await connectSimulator(admin, { name: 'Second line' })
      const here = await sim.inbound({ from: '5511940000001', body: 'on the first line' })
      const there = await other.inbound({ from: '5511940000001', body: 'on the second line' })
      expect(here.ticketId).not.toBe(there.ticketId)

      const moved = await admin.call('ticketUpdate', { params: { id: here.ticketId }, body: { whatsappId: other.id } })
      expect(moved).toMatchObject({ status: 409, body: { error: 'ERR_OTHER_OPEN_TICKET', ticketId: there.ticketId } })
      const stays = (await admin.call('ticketGet', { params: { id: here.ticketId } })).body
      expect(stays).toMatchObject({ whatsappId: sim.id, status: 'pending' })

      // Once the other one is closed, the move goes through.
      await admin.call('ticketUpdate', { params: { id: there.ticketId }, body: { status: 'closed' } })
      const now = await admin.call('ticketUpdate', { params: { id: here.ticketId }, body: { whatsappId: other.id } })
      expect(now).toMatchObject({ status: 200, body: { whatsappId: other.id } })
    })

    it('group messages from two members at once land on the one group ticket', async () => {
      const groupId = '120363000000001'
      const answers = await Promise.all(
        ['5511940000002', '5511940000003'].map((from) =>
          sim.inbound({ from, isGroup: true, groupId, body: `from ${from}` }),
        ),
      )
      expect(answers[0].ticketId).toBe(answers[1].ticketId)
      const live = await t.server.db
        .selectFrom('tickets')
        .innerJoin('contacts', 'contacts.id', 'tickets.contactId')
        .select('tickets.id')
        .where('contacts.number', '=', groupId)
        .where('tickets.status', 'in', ['open', 'pending'])
        .execute()
      expect(live.map((r) => r.id)).toEqual([answers[0].ticketId])
    })
  })
}
