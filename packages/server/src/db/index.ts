import { mkdirSync } from 'node:fs'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import { Kysely, type LogEvent, SqliteDialect, sql, type Transaction } from 'kysely'
import { type MigrationResultSet, Migrator } from 'kysely/migration'
import { FALLBACK_AUTOCHECKPOINT_PAGES, startCheckpointer } from './checkpointer'
import { type Dialect, dialectOf } from './dialect'
import { registerDirectSqlite } from './direct'
import { migrations } from './migrations'
import { OwnSchemaPostgresDialect } from './own-schema'
import { createPostgresPool } from './postgres'
import type { DB } from './schema'

export { type Dialect, dialectOf, idColumn } from './dialect'
export type * from './schema'
/** The raw-SQL tag of the query layer, for callers outside this package (the benchmarks). */
export { sql }
export type Db = Kysely<DB>
/** Either the database or an open transaction: services accept both. */
export type Executor = Kysely<DB> | Transaction<DB>

export interface Database {
  db: Db
  dialect: Dialect
  /** Human-readable target for logs (file path, or host/database without credentials). */
  target: string
  destroy(): Promise<void>
}

export interface OpenDatabaseOptions {
  dataDir: string
  databaseUrl?: string
  /** PostgreSQL only: give up connecting after this long (default: wait). */
  connectionTimeoutMillis?: number
  /** Hears every statement run, as sent (tests count them and read their plans). */
  onStatement?: (statement: { sql: string; parameters: readonly unknown[] }) => void
}

const STATEMENT_CACHE_SIZE = 500

/**
 * Reuses prepared statements by SQL text. The query builder prepares every statement anew,
 * which costs more than running it; its single connection runs one query at a time, so a
 * cached statement is never used twice at once.
 */
const withStatementCache = (sqlite: SQLite.Database) => {
  const cache = new Map<string, SQLite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare: (text: string) => {
      let statement = cache.get(text)
      if (statement) {
        // Keep the most recently used at the end, so the oldest goes first when full.
        cache.delete(text)
      } else {
        statement = sqlite.prepare(text)
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string)
      }
      cache.set(text, statement)
      return statement
    },
  }
}

/**
 * SQLite at `${dataDir}/desk.sqlite` (WAL, foreign keys on), or PostgreSQL when a URL is given
 * (timestamps read back as ISO strings; see `postgres.ts`).
 */
export const openDatabase = ({
  dataDir,
  databaseUrl,
  connectionTimeoutMillis,
  onStatement,
}: OpenDatabaseOptions): Database => {
  const log = onStatement && ((event: LogEvent) => onStatement(event.query))
  if (databaseUrl) {
    const pool = createPostgresPool(databaseUrl, { connectionTimeoutMillis })
    const db = new Kysely<DB>({ dialect: new OwnSchemaPostgresDialect({ pool }), log })
    const url = new URL(databaseUrl)
    return { db, dialect: 'postgres', target: `${url.host}${url.pathname}`, destroy: () => db.destroy() }
  }
  mkdirSync(dataDir, { recursive: true })
  const file = path.join(dataDir, 'desk.sqlite')
  const sqlite = new SQLite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  // Checkpoints run in a background thread (see startCheckpointer), not inside a request's commit.
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`)
  const checkpointer = startCheckpointer(file, sqlite)
  const statements = withStatementCache(sqlite)
  const db = new Kysely<DB>({ dialect: new SqliteDialect({ database: statements }), log })
  registerDirectSqlite(db, {
    run: (text, parameters, inTransaction) => {
      // Outside a transaction while one is open on the connection: through the query layer, which waits for it.
      if (!inTransaction && sqlite.inTransaction) return undefined
      try {
        const statement = statements.prepare(text)
        if (statement.reader) return statement.all(parameters)
        statement.run(parameters)
        return []
      } finally {
        onStatement?.({ sql: text, parameters })
      }
    },
  })
  const destroy = async () => {
    await checkpointer.stop()
    await db.destroy()
  }
  return { db, dialect: 'sqlite', target: file, destroy }
}

/** The migrator over our migrations; on PostgreSQL it keeps its bookkeeping in our own schema only. */
const migratorOf = async <T>(db: Kysely<T>): Promise<Migrator> => {
  let migrationTableSchema: string | undefined
  if (dialectOf(db) === 'postgres') {
    // Look for the bookkeeping table only in our own schema, not in any schema of the database.
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
    migrationTableSchema = rows[0]?.schema
  }
  return new Migrator({ db, provider: { getMigrations: async () => migrations }, migrationTableSchema })
}

/** Names the migrations a run applied, or throws with the one that failed (nothing after it runs). */
const appliedOrThrow = ({ error, results }: MigrationResultSet): string[] => {
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${(error as Error).message ?? error}`, {
      cause: error,
    })
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** Applies every pending migration; throws when one fails (nothing after it runs). */
export const migrateToLatest = async <T>(db: Kysely<T>): Promise<string[]> =>
  appliedOrThrow(await (await migratorOf(db)).migrateToLatest())

/** Applies the migrations up to and including `name` (tests build older databases with it). */
export const migrateTo = async <T>(db: Kysely<T>, name: string): Promise<string[]> =>
  appliedOrThrow(await (await migratorOf(db)).migrateTo(name))

/**
 * Serialises writers that must see a consistent count (first signup, last admin) inside a
 * transaction. SQLite already runs one writer at a time on our single connection; on
 * PostgreSQL a transaction-scoped advisory lock does the same.
 */
export const lockUsers = async (trx: Transaction<DB>): Promise<void> => {
  if (dialectOf(trx) === 'postgres') await sql`select pg_advisory_xact_lock(7201001)`.execute(trx)
}

/** Unique-constraint violation on either dialect. */
export const isUniqueViolation = (error: unknown): boolean => {
  const e = error as { code?: string } | undefined
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY'
}

/**
 * A formatter of instants (milliseconds) as ISO text that keeps its last answer: formatting costs about a
 * microsecond, and a busy desk asks for the same millisecond several times (an arriving message's row, its
 * ticket's `updatedAt`, its marker's lease). One per kind of instant, so "now" and "now + a lease" do not
 * take turns in one slot.
 */
export const isoFormatter = () => {
  let lastMs = Number.NaN
  let lastText = ''
  return (ms: number) => {
    if (ms !== lastMs) {
      lastText = new Date(ms).toISOString()
      lastMs = ms
    }
    return lastText
  }
}

const nowText = isoFormatter()
export const nowIso = () => nowText(Date.now())
