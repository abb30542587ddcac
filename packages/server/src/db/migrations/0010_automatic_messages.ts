import { type Kysely, sql } from 'kysely'

/**
 * Marks the messages the desk sends by itself (greeting and queue menu, queue greeting, transfer
 * notice, farewell): `messages.automatic`, 1 for those. A ticket's preview (`lastMessage`) is the
 * last message a person wrote, so automatic and deleted messages never become it.
 *
 * Existing rows: a message the desk sent without an agent (`fromMe` and no `userId`) was automatic.
 * (A message whose agent was deleted also lost its `userId`; it counts as automatic from now on,
 * which only keeps it out of previews.) Tickets whose preview is the text of one of their automatic
 * or deleted messages get the last person-written one back, or an empty preview.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('messages')
    .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`update messages set automatic = 1 where "fromMe" = 1 and "userId" is null`.execute(db)
  await sql`
    update tickets set "lastMessage" = coalesce((
      select m.body from messages m
      where m."ticketId" = tickets.id and m.automatic = 0 and m."isDeleted" = 0
      order by m."createdAt" desc, m.id desc
      limit 1
    ), '')
    where exists (
      select 1 from messages a
      where a."ticketId" = tickets.id and (a.automatic = 1 or a."isDeleted" = 1) and a.body = tickets."lastMessage"
    )`.execute(db)
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('messages').dropColumn('automatic').execute()
}
