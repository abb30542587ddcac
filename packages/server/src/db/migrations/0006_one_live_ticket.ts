import { type Kysely, sql } from 'kysely'

/**
 * At most one live (open or pending) ticket per contact and connection, held by the database
 * rather than by any one server process. Group tickets are tickets of the group's contact and
 * follow the same rule. Tickets whose connection was deleted (`whatsappId` null) are left out:
 * nothing can arrive on them.
 *
 * Databases from before this rule may hold several live tickets for one pair (two deliveries
 * racing, or two processes). All but the most recently updated one (the highest id on a tie)
 * are closed first, so the index can be built; their messages stay where they are, and no
 * farewell is sent. `updatedAt` is left as it was, so the closed ones keep their place in time.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await sql`
    update tickets set status = 'closed'
    where status in ('open', 'pending') and ${sql.ref('whatsappId')} is not null
      and exists (
        select 1 from tickets newer
        where newer.${sql.ref('contactId')} = tickets.${sql.ref('contactId')}
          and newer.${sql.ref('whatsappId')} = tickets.${sql.ref('whatsappId')}
          and newer.status in ('open', 'pending')
          and (newer.${sql.ref('updatedAt')} > tickets.${sql.ref('updatedAt')}
            or (newer.${sql.ref('updatedAt')} = tickets.${sql.ref('updatedAt')} and newer.id > tickets.id))
      )
  `.execute(db)
  await db.schema
    .createIndex('tickets_one_live_uq')
    .on('tickets')
    .columns(['contactId', 'whatsappId'])
    .unique()
    .where(sql.ref('status'), 'in', ['open', 'pending'])
    .execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('tickets_one_live_uq').execute()
}
