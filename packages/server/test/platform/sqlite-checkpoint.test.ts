import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Database, migrateToLatest, openDatabase } from '../../src/db'
import { contactRow, queueRow } from '../support/rows'

describe('SQLite write-ahead log', () => {
  let dataDir: string
  let database: Database | undefined
  afterEach(async () => {
    await database?.destroy()
    database = undefined
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('is folded into the database file in the background while the server keeps writing', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'desk-wal-'))
    database = openDatabase({ dataDir })
    await migrateToLatest(database.db)
    const file = path.join(dataDir, 'desk.sqlite')
    const sizeBefore = statSync(file).size
    const now = new Date().toISOString()
    // Far below the serving connection's own checkpoint threshold: only the background one copies these.
    for (let i = 0; i < 20; i++) {
      await database.db
        .insertInto('contacts')
        .values(
          Array.from({ length: 20 }, (_, j) =>
            contactRow(
              { name: `Customer ${i}-${j} ${'x'.repeat(200)}`, number: `55119${String(i * 20 + j).padStart(8, '0')}` },
              now,
            ),
          ),
        )
        .execute()
    }
    await vi.waitFor(() => expect(statSync(file).size).toBeGreaterThan(sizeBefore), { timeout: 10_000 })

    const { count } = await database.db
      .selectFrom('contacts')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow()
    expect(Number(count)).toBe(400)
  })

  it('closes cleanly, leaving every write in the database file', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'desk-wal-'))
    const first = openDatabase({ dataDir })
    await migrateToLatest(first.db)
    const now = new Date().toISOString()
    await first.db
      .insertInto('queues')
      .values(queueRow({ name: 'Sales', color: '#123456' }, now))
      .execute()
    await first.destroy()
    await first.destroy()

    database = openDatabase({ dataDir })
    const queues = await database.db.selectFrom('queues').select('name').execute()
    expect(queues).toEqual([{ name: 'Sales' }])
  })
})
