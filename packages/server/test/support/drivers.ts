import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'

/**
 * The suite runs on SQLite always and on PostgreSQL when one answers at TEST_DATABASE_URL
 * (default: the local `test` database). Each PostgreSQL run gets its own schema, dropped after.
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

/** A temporary data folder, plus a fresh PostgreSQL schema for the postgres driver. */
export const createStorage = async (driver: DriverName): Promise<TestStorage> => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-test-'))
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true })
  if (driver === 'sqlite') return { dataDir, cleanup: async () => removeDir() }
  const schema = `desk_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: PG_URL })
  await admin.connect()
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
