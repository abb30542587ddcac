import { sql } from 'kysely'
import { type Db, dialectOf } from '../../db'
import type { ScopePart } from '../tickets/repository'

/**
 * The local hour of a stored timestamp, in SQL for either dialect. The offset is written
 * into the SQL (a validated integer) so that the GROUP BY repeats the selected expression
 * exactly, which PostgreSQL requires. PostgreSQL stores `timestamptz`, read here in UTC
 * whatever the session's time zone.
 */
const localHour = (db: Db, utcOffset: number) => {
  const minutes = Math.trunc(utcOffset)
  return dialectOf(db) === 'postgres'
    ? sql<number>`cast(extract(hour from (${sql.ref('createdAt')} at time zone 'UTC') + make_interval(mins => ${sql.lit(minutes)})) as integer)`
    : sql<number>`cast(strftime('%H', ${sql.ref('createdAt')}, ${sql.lit(`${minutes} minutes`)}) as integer)`
}

/** The tickets of one part of a scope, counted per status. */
export const countByStatus = (db: Db, part: ScopePart) =>
  db
    .selectFrom('tickets')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where((eb) => eb.and(part(eb)))
    .groupBy('status')
    .execute()

/** The tickets of one part of a scope created in [from, to), counted per hour of the caller's clock. */
export const countCreatedPerHour = (
  db: Db,
  part: ScopePart,
  { from, to, utcOffset }: { from: string; to: string; utcOffset: number },
) => {
  const hour = localHour(db, utcOffset)
  return db
    .selectFrom('tickets')
    .select([hour.as('hour'), (eb) => eb.fn.countAll<number>().as('n')])
    .where('createdAt', '>=', from)
    .where('createdAt', '<', to)
    .where((eb) => eb.and(part(eb)))
    .groupBy(hour)
    .execute()
}
