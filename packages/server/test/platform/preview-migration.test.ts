import { describe, expect, it } from 'vitest'
import { migrateTo } from '../../src/db'
import { freshDatabase } from '../support/database'
import { drivers } from '../support/drivers'
import { contactRow, messageRow, ticketRow, userRow } from '../support/rows'

for (const { driver, available } of drivers) {
  describe.skipIf(!available)(`migration 0010 on a database with automatic previews (${driver})`, () => {
    const fresh = freshDatabase(driver)

    it('marks the messages the desk sent by itself and gives tickets back the last words a person wrote', async () => {
      const db = fresh.database.db
      await migrateTo(db, '0008_rate_limits')

      const at = (minute: number) => `2026-01-01T10:${String(minute).padStart(2, '0')}:00.000Z`
      const agent = await db
        .insertInto('users')
        .values(userRow({ name: 'Agent', email: 'agent@desk.test' }, at(0)))
        .returning('id')
        .executeTakeFirstOrThrow()
      const contact = await db
        .insertInto('contacts')
        .values(contactRow({ name: 'Ana', number: '5511900000001' }, at(0)))
        .returning('id')
        .executeTakeFirstOrThrow()
      const ticket = async (lastMessage: string) =>
        (
          await db
            .insertInto('tickets')
            .values(ticketRow({ status: 'closed', contactId: contact.id, lastMessage }, at(0)))
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id
      const message = async (
        ticketId: number,
        minute: number,
        body: string,
        from: 'customer' | 'agent' | 'desk',
        isDeleted = 0,
      ) =>
        (
          await db
            .insertInto('messages')
            .values(
              messageRow(
                {
                  ticketId,
                  contactId: from === 'customer' ? contact.id : null,
                  userId: from === 'agent' ? agent.id : null,
                  body,
                  fromMe: from === 'customer' ? 0 : 1,
                  isDeleted,
                },
                at(minute),
              ),
            )
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id

      const menu = 'Welcome!\n\n*1* - Sales\n*2* - Support'
      const waiting = await ticket(menu)
      const customerWords = await message(waiting, 1, 'I need a refund', 'customer')
      const menuId = await message(waiting, 2, menu, 'desk')
      const withFile = await ticket('photo.jpg')
      await message(withFile, 1, 'Send me a picture', 'agent')
      await message(withFile, 2, '', 'customer')
      const onlyFarewell = await ticket('Bye!')
      await message(onlyFarewell, 1, 'Bye!', 'desk')
      const deletedLast = await ticket('Oops, wrong chat')
      await message(deletedLast, 1, 'Hello', 'customer')
      await message(deletedLast, 2, 'Oops, wrong chat', 'agent', 1)

      expect(await migrateTo(db, '0010_automatic_messages')).toContain('0010_automatic_messages')
      const marked = await db
        .selectFrom('messages')
        .select(['id', 'automatic'])
        .where('ticketId', '=', waiting)
        .execute()
      expect(Object.fromEntries(marked.map((m) => [m.id, m.automatic]))).toEqual({ [customerWords]: 0, [menuId]: 1 })
      const previews = await db.selectFrom('tickets').select(['id', 'lastMessage']).orderBy('id').execute()
      expect(previews).toEqual([
        { id: waiting, lastMessage: 'I need a refund' },
        // A file's name (never an automatic text) stays the preview.
        { id: withFile, lastMessage: 'photo.jpg' },
        { id: onlyFarewell, lastMessage: '' },
        { id: deletedLast, lastMessage: 'Hello' },
      ])
    })
  })
}
