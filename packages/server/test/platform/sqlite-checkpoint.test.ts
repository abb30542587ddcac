import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import SQLite from 'better-sqlite3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type Database, migrateToLatest, openDatabase } from '../../src/db'
import { finishPass, startCheckpointer } from '../../src/db/checkpointer'
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
   * It goes on past `ms` until the background thread has answered `minPasses` passes: on a loaded machine the
   * thread can take most of a second to start, and a run with no pass in it could not show a restart.
   */
  const steadyWrites = async (restartFrames: number, ms = 800, minPasses = 8) => {
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
        if (Date.now() < until || (checkpointer.passes() < minPasses && Date.now() < until + 15_000)) setImmediate(turn)
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

  it('starts over after a pass that missed the frames committed during it only once the serving connection copies them', () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'desk-wal-'))
    const file = path.join(dataDir, 'missed.sqlite')
    const open = () => {
      const connection = new SQLite(file)
      connection.pragma('journal_mode = WAL')
      connection.pragma('wal_autocheckpoint = 0')
      return connection
    }
    const serving = open()
    serving.exec('create table notes (body text)')
    const insert = serving.prepare('insert into notes (body) values (?)')
    const write = (n: number) => {
      for (let i = 0; i < n; i++) insert.run(`note ${i}`)
    }
    // The log's length in frames, as a background pass reads it (copying what it can).
    const background = open()
    const pass = () => (background.pragma('wal_checkpoint(PASSIVE)') as Array<{ log: number }>)[0]!.log
    // A pass while commits keep coming: a reader's snapshot stands in for them, so it copies up to there only.
    const reader = open()
    const round = () => {
      write(300)
      reader.exec('begin')
      reader.prepare('select count(*) from notes').get()
      write(10)
      const log = pass()
      reader.exec('commit')
      return log
    }

    let log = round()
    write(1)
    // Nobody copied the last frames: the write went on at the log's end.
    expect(pass()).toBeGreaterThan(log)

    log = round()
    expect(finishPass(serving, log, 100)).toBe(true)
    write(1)
    // Everything copied when the write began: it started the log over.
    expect(pass()).toBe(1)
    // Below the length asked for, it leaves the log as it is.
    expect(finishPass(serving, 1, 100)).toBe(false)
    for (const connection of [reader, background, serving]) connection.close()
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
