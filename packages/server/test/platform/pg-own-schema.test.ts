import { describe, expect, it } from 'vitest'
import { migrateToLatest, openDatabase } from '../../src/db'
import { createStorage, pgAvailable } from '../support/drivers'

/**
 * Several desks (or test runs) can share one PostgreSQL database, each in its own schema. A migration
 * must not depend on the other schemas: one dropped while ours migrates used to fail it with
 * "schema … does not exist".
 */
describe.skipIf(!pgAvailable)('PostgreSQL beside other schemas', () => {
  it('migrates while other schemas of the database come and go', async () => {
    let churning = true
    // Other runs creating and dropping their schemas as fast as they can, the whole time ours migrate.
    const churner = async () => {
      let rounds = 0
      while (churning) {
        const other = await createStorage('postgres')
        await other.cleanup()
        rounds += 1
      }
      return rounds
    }
    const churners = Array.from({ length: 6 }, churner)
    try {
      for (let round = 0; round < 4; round += 1) {
        const ours = await createStorage('postgres')
        const database = openDatabase({ dataDir: ours.dataDir, databaseUrl: ours.databaseUrl })
        try {
          expect((await migrateToLatest(database.db)).length).toBeGreaterThan(10)
          expect(await migrateToLatest(database.db)).toEqual([])
        } finally {
          await database.destroy()
          await ours.cleanup()
        }
      }
    } finally {
      churning = false
      const rounds = await Promise.all(churners)
      expect(Math.min(...rounds)).toBeGreaterThan(0)
    }
  }, 60_000) // four full migrations against six churners on one shared PostgreSQL: ~10 s alone, more when busy

  it("finds its bookkeeping in its own schema, not in another schema's", async () => {
    const first = await createStorage('postgres')
    const second = await createStorage('postgres')
    const a = openDatabase({ dataDir: first.dataDir, databaseUrl: first.databaseUrl })
    const b = openDatabase({ dataDir: second.dataDir, databaseUrl: second.databaseUrl })
    try {
      await migrateToLatest(a.db)
      // The first schema is fully migrated; the second still gets every migration.
      expect((await migrateToLatest(b.db)).length).toBeGreaterThan(10)
    } finally {
      await a.destroy()
      await b.destroy()
      await first.cleanup()
      await second.cleanup()
    }
  })
})
