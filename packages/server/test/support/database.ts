import { afterAll, beforeAll } from 'vitest'
import { type Database, type Executor, openDatabase, sql } from '../../src/db'
import { createStorage, type DriverName, type TestStorage } from './drivers'

/**
 * A database on fresh storage for the tests of one `describe` block, left unmigrated (a migration test
 * takes it as far as it needs); closed and removed after them. Read `.database` inside the tests.
 */
export const freshDatabase = (driver: DriverName) => {
  const fresh = {} as { storage: TestStorage; database: Database }
  beforeAll(async () => {
    fresh.storage = await createStorage(driver)
    fresh.database = openDatabase(fresh.storage)
  })
  afterAll(async () => {
    await fresh.database?.destroy()
    await fresh.storage?.cleanup()
  })
  return fresh
}

/**
 * SQLite: fails unless the messages' search index holds exactly the stored messages up to its mark (SQLite's own
 * check of an index kept beside its table throws when they differ).
 */
export const checkMessageIndex = async (db: Executor): Promise<void> => {
  await sql`insert into messages_search(messages_search, rank) values ('integrity-check', 1)`.execute(db)
}
