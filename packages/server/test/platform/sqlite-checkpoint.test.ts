import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Database, migrateToLatest, openDatabase } from '../../src/db'
import { startCheckpointer } from '../../src/db/checkpointer'
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

  /**
   * Commits without pause for `ms` on a connection of its own (512-byte pages, so the log stays small), with the
   * background checkpointer at `restartFrames`; its own checkpoint is off, so only the background passes and what
   * they ask of it fold the log back. Answers the commits made and the log file's size at the end, in frames.
   */
  const steadyWrites = async (restartFrames: number, ms = 800) => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'desk-wal-'))
    const file = path.join(dataDir, 'steady.sqlite')
    const serving = new SQLite(file)
    serving.pragma('page_size = 512')
    serving.pragma('journal_mode = WAL')
    serving.pragma('synchronous = NORMAL')
    serving.pragma('wal_autocheckpoint = 0')
    serving.exec('create table notes (body text)')
    const checkpointer = startCheckpointer(file, serving, { intervalMs: 50, restartFrames })
    const insert = serving.prepare('insert into notes (body) values (?)')
    let commits = 0
    const until = Date.now() + ms
    // One commit a turn of the event loop, so every background pass sees new frames arrive while it copies.
    await new Promise<void>((resolve) => {
      const turn = () => {
        insert.run(`note ${commits}`)
        commits += 1
        if (Date.now() < until) setImmediate(turn)
        else resolve()
      }
      turn()
    })
    await checkpointer.stop()
    const frames = Math.floor((statSync(`${file}-wal`).size - 32) / (512 + 24))
    const { n } = serving.prepare('select count(*) as n from notes').get() as { n: number }
    serving.close()
    return { commits, frames, stored: n }
  }

  it('starts over under writes that never pause, without the serving connection checkpointing on its own', async () => {
    const { commits, frames, stored } = await steadyWrites(200)
    expect(stored).toBe(commits)
    expect(commits).toBeGreaterThan(2_000)
    // Each commit writes a frame: a log that never started over would hold all of them (here about a tenth: the
    // file keeps the length of its longest round, a pass and the wait before it).
    expect(frames).toBeLessThan(commits / 2)
  })

  it('grows with every commit when nothing but the background passes folds it back (why the serving connection helps)', async () => {
    const { commits, frames, stored } = await steadyWrites(Number.POSITIVE_INFINITY)
    expect(stored).toBe(commits)
    expect(frames).toBeGreaterThanOrEqual(commits)
  })

  it('never keeps a process alive: one that opened the database and forgot to close it still ends', async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'desk-wal-'))
    const script = path.join(dataDir, 'forgets.mts')
    const db = pathToFileURL(path.join(import.meta.dirname, '../../src/db/index.ts')).href
    writeFileSync(
      script,
      `import { openDatabase } from '${db}'
const { db } = openDatabase({ dataDir: process.env.DATA_DIR })
await db.selectFrom('sqlite_master').select('name').execute()
console.log('opened')
`,
    )
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script], {
      env: { ...process.env, DATA_DIR: dataDir },
      // Killed past this: a process held open fails here, not on the test's own timeout.
      timeout: 15_000,
    })
    expect(stdout.trim()).toBe('opened')
  }, 30_000)
})
