import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * `contacts.groupNameAskedAt`: when a process last asked the network for an unnamed group's name
 * (its subject). Claimed with one conditional update, so one process asks, once a day at most,
 * however many of the group's messages arrive meanwhile.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  const timestamp = dialectOf(db) === 'postgres' ? 'timestamptz' : 'varchar(32)'
  await db.schema.alterTable('contacts').addColumn('groupNameAskedAt', timestamp).execute()
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('contacts').dropColumn('groupNameAskedAt').execute()
}
