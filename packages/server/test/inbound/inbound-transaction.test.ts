import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/db'
import { connectSimulator } from '../support/desk'
import { type DriverName, drivers } from '../support/drivers'
import { countOrphans, NO_ORPHANS } from '../support/orphans'
import { bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'

/**
 * A message that arrives is stored in one transaction (contact, ticket, message, counters): a
 * failure half-way leaves nothing behind, and the network's redelivery then stores it once.
 */

/**
 * Makes every `event` on `table` fail inside the database, as a full disk would; with `body`, only the
 * insert of a message with that text.
 */
const failOn = async (
  db: Db,
  driver: DriverName,
  table: 'messages' | 'tickets',
  event: 'insert' | 'update',
  body?: string,
) => {
  const name = `fail_${table}_${event}`
  const when = body === undefined ? sql`` : sql`when (new.body = ${sql.lit(body)})`
  if (driver === 'sqlite') {
    await sql`create trigger ${sql.raw(name)} before ${sql.raw(event)} on ${sql.table(table)} ${when}
      begin select raise(abort, 'disk on fire'); end`.execute(db)
  } else {
    await sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      begin raise exception 'disk on fire'; end $$`.execute(db)
    await sql`create trigger ${sql.raw(name)} before ${sql.raw(event)} on ${sql.table(table)}
      for each row ${when} execute function ${sql.raw(name)}()`.execute(db)
  }
  return async () => {
    await sql`drop trigger ${sql.raw(name)}${sql.raw(driver === 'postgres' ? ` on ${table}` : '')}`.execute(db)
    if (driver === 'postgres') await sql`drop function ${sql.raw(name)}()`.execute(db)
  }
}

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`inbound transaction (${driver})`, () => {
    let t: TestServer
    let admin: Client
    let sim: Awaited<ReturnType<typeof connectSimulator>>
    beforeAll(async () => {
      t = await startTestServer(driver, { simulator: { qrRefreshMs: 0 }, autoCloseHours: 0 })
      admin = await bootstrapAdmin(t)
      sim = await connectSimulator(admin)
    })
    afterAll(() => t?.close())

    const send = (from: string, providerMessageId: string, body = 'hello') =>
      admin.call('simulatorInbound', {
        params: { connectionId: sim.id },
        body: {
          from,
          name: 'Customer',
          body,
          providerMessageId,
        },
      })
    const rowsOf = async (number: string) => {
      const contacts = await t.server.db.selectFrom('contacts').selectAll().where('number', '=', number).execute()
      const ids = contacts.map((c) => c.id)
      const tickets = ids.length
        ? await t.server.db.selectFrom('tickets').selectAll().where('contactId', 'in', ids).execute()
        : []
      const messages = tickets.length
        ? await t.server.db
            .selectFrom('messages')
            .selectAll()
            .where(
              'ticketId',
              'in',
              tickets.map((x) => x.id),
            )
            .execute()
        : []
      return { contacts, tickets, messages }
    }

    it('leaves no contact, ticket or message when storing the message fails, and stores the redelivery once', async () => {
      const restore = await failOn(t.server.db, driver, 'messages', 'insert')
      try {
        const failed = await send('5511900000201', 'tx-new-1')
        expect(failed.status).toBe(500)
        const again = await send('5511900000201', 'tx-new-1')
        expect(again.status).toBe(500)
        expect(await rowsOf('5511900000201')).toEqual({ contacts: [], tickets: [], messages: [] })
        expect(await countOrphans(t.server.db)).toEqual(NO_ORPHANS)
      } finally {
        await restore()
      }
      const stored = await send('5511900000201', 'tx-new-1')
      expect(stored.status).toBe(200)
      expect(stored.body.duplicate).toBe(false)
      const redelivered = await send('5511900000201', 'tx-new-1')
      expect(redelivered.body).toEqual({ ...stored.body, duplicate: true })
      const rows = await rowsOf('5511900000201')
      expect(rows.messages.map((m) => m.providerMessageId)).toEqual(['tx-new-1'])
      expect(rows.tickets).toMatchObject([{ status: 'pending', unreadMessages: 1, lastMessage: 'hello' }])
    })

    it('keeps the message out when the ticket counters cannot be written', async () => {
      const first = await send('5511900000202', 'tx-counter-1', 'first')
      expect(first.status).toBe(200)
      const restore = await failOn(t.server.db, driver, 'tickets', 'update')
      try {
        expect((await send('5511900000202', 'tx-counter-2', 'second')).status).toBe(500)
      } finally {
        await restore()
      }
      const rows = await rowsOf('5511900000202')
      expect(rows.messages.map((m) => m.body)).toEqual(['first'])
      expect(rows.tickets).toMatchObject([{ unreadMessages: 1, lastMessage: 'first' }])
      expect((await send('5511900000202', 'tx-counter-2', 'second')).body.duplicate).toBe(false)
      expect((await rowsOf('5511900000202')).tickets).toMatchObject([{ unreadMessages: 2, lastMessage: 'second' }])
    })

    it('leaves a closed ticket closed when the message that would bring it back fails', async () => {
      const first = await send('5511900000203', 'tx-reopen-1', 'first')
      await t.server.db
        .updateTable('tickets')
        .set({ status: 'closed' })
        .where('id', '=', first.body.ticketId!)
        .execute()
      await t.server.db
        .updateTable('settings')
        .set({ value: '3600' })
        .where('key', '=', 'timeCreateNewTicket')
        .execute()
      const restore = await failOn(t.server.db, driver, 'messages', 'insert')
      try {
        expect((await send('5511900000203', 'tx-reopen-2', 'back again')).status).toBe(500)
      } finally {
        await restore()
      }
      expect((await rowsOf('5511900000203')).tickets).toMatchObject([{ id: first.body.ticketId, status: 'closed' }])
      const back = await send('5511900000203', 'tx-reopen-2', 'back again')
      expect(back.body).toMatchObject({ ticketId: first.body.ticketId, duplicate: false })
      expect(await countOrphans(t.server.db)).toEqual(NO_ORPHANS)
    })

    it('stores the others when one of several messages arriving together fails, and that one leaves nothing', async () => {
      const numbers = Array.from({ length: 6 }, (_, i) => `551190000030${i}`)
      const restore = await failOn(t.server.db, driver, 'messages', 'insert', 'doomed')
      let answers: Array<Awaited<ReturnType<typeof send>>>
      try {
        answers = await Promise.all(
          numbers.map((number, i) => send(number, `tx-group-${i}`, i === 2 ? 'doomed' : `together ${i}`)),
        )
      } finally {
        await restore()
      }
      expect(answers.map((a) => a.status)).toEqual([200, 200, 500, 200, 200, 200])
      for (const [i, number] of numbers.entries()) {
        const rows = await rowsOf(number)
        if (i === 2) expect(rows).toEqual({ contacts: [], tickets: [], messages: [] })
        else {
          expect(rows.messages.map((m) => m.body)).toEqual([`together ${i}`])
          expect(rows.tickets).toMatchObject([{ id: answers[i]!.body.ticketId, unreadMessages: 1 }])
        }
      }
      expect(await countOrphans(t.server.db)).toEqual(NO_ORPHANS)
      const redelivered = await send(numbers[2]!, 'tx-group-2', 'doomed')
      expect(redelivered.status).toBe(200)
      expect((await rowsOf(numbers[2]!)).messages.map((m) => m.body)).toEqual(['doomed'])
    })

    it('stores one message delivered twice at the same moment once', async () => {
      const [a, b] = await Promise.all([send('5511900000204', 'tx-race-1'), send('5511900000204', 'tx-race-1')])
      expect([a.status, b.status]).toEqual([200, 200])
      expect([a.body.duplicate, b.body.duplicate].sort()).toEqual([false, true])
      const rows = await rowsOf('5511900000204')
      expect([rows.contacts.length, rows.tickets.length, rows.messages.length]).toEqual([1, 1, 1])
    })

    it('creates a new customer once when two connections hear from them at the same moment', async () => {
      const other = await connectSimulator(admin, { name: 'Second line' })
      const results = await Promise.all(
        [sim, other, sim, other].map((line, i) =>
          admin.call('simulatorInbound', {
            params: { connectionId: line.id },
            body: {
              from: '5511900000205',
              name: 'Twice',
              body: `hello ${i}`,
              providerMessageId: `tx-both-${i}`,
            },
          }),
        ),
      )
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200])
      const rows = await rowsOf('5511900000205')
      expect([rows.contacts.length, rows.tickets.length, rows.messages.length]).toEqual([1, 2, 4])
      expect(await countOrphans(t.server.db)).toEqual(NO_ORPHANS)
    })

    it('stores messages after a migration added columns while the statements were prepared', async () => {
      // Every connection of the pool has the hot statements prepared by now (PostgreSQL).
      await Promise.all(
        Array.from({ length: 12 }, (_, i) => send(`55119000003${String(i).padStart(2, '0')}`, `tx-pre-${i}`)),
      )
      // What a newer process's migration might do while this one runs.
      for (const table of ['tickets', 'contacts', 'messages']) {
        await sql`alter table ${sql.table(table)} add column later_note text`.execute(t.server.db)
      }
      try {
        const after = await Promise.all(
          Array.from({ length: 12 }, (_, i) => send(`55119000003${String(i).padStart(2, '0')}`, `tx-post-${i}`)),
        )
        expect(after.map((r) => [r.status, r.body.duplicate])).toEqual(Array.from({ length: 12 }, () => [200, false]))
        const newcomer = await send('5511900000399', 'tx-post-new')
        expect(newcomer.status).toBe(200)
      } finally {
        for (const table of ['tickets', 'contacts', 'messages']) {
          await sql`alter table ${sql.table(table)} drop column later_note`.execute(t.server.db)
        }
      }
    })
  })
}
