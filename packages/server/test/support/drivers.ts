import { createHash, randomBytes } from 'node:crypto'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'

/**
 * The suite runs on SQLite always and on PostgreSQL when one answers at TEST_DATABASE_URL
 * (default: the local `test` database). Each PostgreSQL run gets its own database (copied from a migrated
 * template) or its own schema (empty), dropped after.
 */
export const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

const probe = async () => {
  const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 })
  try {
    await client.connect()
    await client.query('select 1')
    return true
  } catch {
    return false
  } finally {
    await client.end().catch(() => {})
  }
}

export const pgAvailable = await probe()
if (!pgAvailable) console.warn(`PostgreSQL not reachable at ${PG_URL}: the postgres variants are skipped`)

export type DriverName = 'sqlite' | 'postgres'
export const drivers: Array<{ driver: DriverName; available: boolean }> = [
  { driver: 'sqlite', available: true },
  { driver: 'postgres', available: pgAvailable },
]

export interface TestStorage {
  dataDir: string
  databaseUrl?: string
  cleanup(): Promise<void>
}

export interface StorageOptions {
  /**
   * Start from a database already migrated to the latest migration, copied from a template made once (a
   * SQLite file per test process; a PostgreSQL template database per set of migrations, shared by the
   * processes), instead of running every migration again for each server. Off: an empty database.
   */
  migrated?: boolean
}

const migrationsDir = fileURLToPath(new URL('../../src/db/migrations/', import.meta.url))

/** Names the current migrations: a template made from other migrations is never used. */
const migrationsHash = () => {
  const hash = createHash('sha256')
  for (const name of readdirSync(migrationsDir).sort())
    hash.update(name).update(readFileSync(path.join(migrationsDir, name)))
  return hash.digest('hex').slice(0, 12)
}

let sqliteTemplate: Promise<string> | undefined
/** A migrated SQLite file, made once per test process. */
const sqliteTemplateFile = () =>
  (sqliteTemplate ??= (async () => {
    const { migrateToLatest, openDatabase } = await import('../../src/db')
    const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-template-'))
    const database = openDatabase({ dataDir })
    await migrateToLatest(database.db)
    await database.destroy()
    process.once('exit', () => rmSync(dataDir, { recursive: true, force: true }))
    return path.join(dataDir, 'desk.sqlite')
  })())

const withDatabase = (name: string) => {
  const url = new URL(PG_URL)
  url.pathname = `/${name}`
  return url.toString()
}

let pgTemplate: Promise<string | null> | undefined
/**
 * The name of a PostgreSQL database migrated to the latest migration, made by the first test process that
 * needs it (the others wait on an advisory lock); null when this server may not create databases.
 */
const pgTemplateDatabase = () =>
  (pgTemplate ??= (async () => {
    const name = `desk_template_${migrationsHash()}`
    const admin = new pg.Client({ connectionString: PG_URL })
    await admin.connect()
    try {
      await admin.query('select pg_advisory_lock(7201099)')
      const found = await admin.query('select 1 from pg_database where datname = $1', [name])
      if (found.rowCount) return name
      const building = `${name}_building`
      await admin.query(`drop database if exists "${building}"`)
      await admin.query(`create database "${building}"`)
      const { migrateToLatest, openDatabase } = await import('../../src/db')
      const database = openDatabase({ dataDir: tmpdir(), databaseUrl: withDatabase(building) })
      await migrateToLatest(database.db)
      await database.destroy()
      await admin.query(`alter database "${building}" rename to "${name}"`)
      // Templates of earlier migrations are of no more use.
      const stale = await admin.query(
        "select datname from pg_database where datname like 'desk\\_template\\_%' and datname <> $1",
        [name],
      )
      for (const row of stale.rows)
        await admin.query(`drop database if exists "${row.datname}" with (force)`).catch(() => {})
      return name
    } catch (error) {
      console.warn(`No PostgreSQL template database (${(error as Error).message}): each test migrates its own schema`)
      return null
    } finally {
      await admin.query('select pg_advisory_unlock(7201099)').catch(() => {})
      await admin.end()
    }
  })())

/**
 * Set by the server project's global setup (`global-setup.ts`): the run's start in seconds, which names the
 * databases copied from the template, and which the run's end drops all together. Dropped one by one as each test
 * ended, their files (about 700 a database) were deleted while the next copies were being made; on a file system
 * without a journal, ext4 then passes over every recently freed inode for each file it creates, and a copy took
 * 0.43 s instead of 0.07 (measured 2026-11-30: 99 copies, 43 s of copying and 19 s of dropping in a run of the
 * step, PostgreSQL's processes a third of its CPU, most of it in `recently_deleted`). Unset (storage made outside
 * the server project's run), each database is dropped when its test ends, as before.
 */
export const PG_RUN_ENV = 'DESK_TEST_PG_RUN'

/** Drops the databases copied from the template whose name `which` accepts, two at a time (each drop waits for a checkpoint); answers how many. */
export const dropTestDatabases = async (which: (name: string) => boolean) => {
  const connect = async () => {
    const client = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 1500 })
    await client.connect()
    return client
  }
  let names: string[]
  try {
    const admin = await connect()
    try {
      const { rows } = await admin.query<{ datname: string }>(
        "select datname from pg_database where datname like 'desk\\_test\\_%'",
      )
      names = rows.map((r) => r.datname).filter(which)
    } finally {
      await admin.end()
    }
  } catch {
    return 0
  }
  const count = names.length
  const dropper = async () => {
    const client = await connect()
    try {
      for (let name = names.pop(); name !== undefined; name = names.pop())
        await client.query(`drop database if exists "${name}" with (force)`).catch(() => {})
    } finally {
      await client.end()
    }
  }
  await Promise.all(Array.from({ length: Math.min(2, count) }, dropper))
  return count
}

/**
 * A temporary data folder, plus fresh PostgreSQL storage for the postgres driver: a database copied from the
 * migrated template when `migrated`, else a schema of its own.
 */
export const createStorage = async (driver: DriverName, options: StorageOptions = {}): Promise<TestStorage> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-test-'))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (driver === 'sqlite') {
    if (options.migrated) copyFileSync(await sqliteTemplateFile(), path.join(dataDir, 'desk.sqlite'))
    return { dataDir, cleanup: async () => removeDir() }
  }
  let template = options.migrated ? await pgTemplateDatabase() : null
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
  if (template) {
    const run = process.env[PG_RUN_ENV]
    const database = `desk_test_${run ? `${run}_` : ''}${randomBytes(6).toString('hex')}`
    try {
      await admin.query(`create database "${database}" template "${template}"`)
    } catch (error) {
      // Another checkout with other migrations dropped this template as stale: make it again, once.
      if (!/does not exist/.test((error as Error).message)) throw error
      pgTemplate = undefined
      template = await pgTemplateDatabase()
      if (!template) throw error
      await admin.query(`create database "${database}" template "${template}"`)
    } finally {
      await admin.end()
    }
    return {
      dataDir,
      databaseUrl: withDatabase(database),
      cleanup: async () => {
        // Within a whole run, the run's end drops it with the others (see `PG_RUN_ENV`).
        if (run) return removeDir()
        const c = new pg.Client({ connectionString: PG_URL })
        await c.connect()
        // A server closed a moment ago may still be letting its connections go: wait for them before ending them.
        for (let attempt = 0; ; attempt += 1) {
          try {
            await c.query(`drop database if exists "${database}"${attempt < 10 ? '' : ' with (force)'}`)
            break
          } catch (error) {
            if (attempt >= 10 || !/being accessed by other users/.test((error as Error).message)) throw error
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
        }
        await c.end()
        removeDir()
      },
    }
  }
  const schema = `desk_test_${randomBytes(6).toString('hex')}`
  await admin.query(`create schema "${schema}"`)
  await admin.end()
  const url = new URL(PG_URL)
  url.searchParams.set('options', `-c search_path=${schema}`)
  return {
    dataDir,
    databaseUrl: url.toString(),
    cleanup: async () => {
      const c = new pg.Client({ connectionString: PG_URL })
      await c.connect()
      await c.query(`drop schema if exists "${schema}" cascade`)
      await c.end()
      removeDir()
    },
  }
}
