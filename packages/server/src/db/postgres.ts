import { type Kysely, sql } from 'kysely'
import pg from 'pg'
import { GENERIC_PLAN_MARK, isPrepared, preparedName } from './prepared'

/** PostgreSQL's type id for `timestamptz`. */
const TIMESTAMPTZ_OID = 1184

/**
 * `timestamptz` values leave the database as the ISO strings the API has always answered
 * (`2026-11-24T07:18:39.967Z`), whatever the session's time zone. Only this pool's
 * connections read them so; pg's global parsers are left alone.
 */
const parseTimestamptz = (text: string): unknown => {
  const value = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text')(text) as unknown
  return value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString() : text
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === TIMESTAMPTZ_OID && format !== 'binary'
      ? parseTimestamptz
      : pg.types.getTypeParser(oid, format as 'text')) as pg.CustomTypesConfig['getTypeParser'],
}

/**
 * A connection that runs a statement marked as prepared (`PREPARED_MARK`: the statements every
 * arriving message and every ticket read run, see `reusableQuery`; `GENERIC_PLAN_MARK`: the ticket
 * list, see `runPrepared`) as a named prepared statement: parsed once on this connection, then only
 * bound and executed. A statement marked for a generic plan runs with `plan_cache_mode =
 * force_generic_plan`, set on the connection just before it: left to itself PostgreSQL judged the
 * ticket list's generic plan dearer than a custom one and planned it anew on every run, 3 ms of
 * planning a page on a 2-core machine, for a plan that ran slower (1.2 ms generic against 3.2 ms custom
 * for an agent's waiting tickets). Unmarked statements with values run in the default mode (`auto`:
 * planned for their values, which searches need), so the setting is put back before the next one; a
 * statement marked `PREPARED_MARK` runs in either (its plan fits every value). The mode only chooses
 * plans, never answers: should a rolled-back transaction undo a change unseen, the next statement of
 * either kind sets it again.
 */
class PreparingClient extends pg.Client {
  /** This connection's plan mode as last set here; undefined when a rollback may have undone it. */
  private genericPlans: boolean | undefined = false

  /** Queues the statement that puts the plan mode where `generic` says, ahead of the next statement. */
  private planMode(generic: boolean) {
    if (this.genericPlans === generic) return
    this.genericPlans = generic
    // Queued before the caller's statement on this connection. Inside a failed transaction it fails as
    // that statement will, and the mode is unknown again.
    // biome-ignore lint/suspicious/noExplicitAny: as below.
    ;(super.query as any)(generic ? FORCE_GENERIC_PLANS : DEFAULT_PLANS).catch(() => {
      this.genericPlans = undefined
    })
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's query has many overloads; this passes them through.
  override query(...args: any[]): any {
    const [text, values] = args
    if (typeof text === 'string' && Array.isArray(values) && isPrepared(text)) {
      const name = preparedName(text)
      if (name) {
        if (text.startsWith(GENERIC_PLAN_MARK)) this.planMode(true)
        // biome-ignore lint/suspicious/noExplicitAny: as above.
        return (super.query as any)({ name, text, values }, ...args.slice(2))
      }
    }
    if (typeof text === 'string' && /^\s*rollback/i.test(text)) this.genericPlans = undefined
    else if (Array.isArray(values) && values.length > 0) this.planMode(false)
    // biome-ignore lint/suspicious/noExplicitAny: as above.
    return (super.query as any)(...args)
  }
}

const FORCE_GENERIC_PLANS = 'set plan_cache_mode = force_generic_plan'
const DEFAULT_PLANS = 'set plan_cache_mode = auto'

export const createPostgresPool = (connectionString: string, options: { connectionTimeoutMillis?: number } = {}) => {
  const pool = new pg.Pool({ connectionString, max: 10, types, Client: PreparingClient, ...options })
  // An idle connection the server ended (a restart, a failover, an administrator) is dropped from the pool and the
  // next query opens another; without a listener the pool's 'error' would end the whole process.
  pool.on('error', () => {})
  return pool
}

interface TrigramIndex {
  name: string
  table: string
  expression: ReturnType<typeof sql>
}

const CONTACT_TRIGRAM_INDEXES: readonly TrigramIndex[] = [
  { name: 'contacts_name_trgm_idx', table: 'contacts', expression: sql`lower(${sql.ref('name')})` },
  { name: 'contacts_number_trgm_idx', table: 'contacts', expression: sql.ref('number') },
  { name: 'contacts_email_trgm_idx', table: 'contacts', expression: sql`lower(${sql.ref('email')})` },
]

/**
 * The trigram indexes that let PostgreSQL answer `like '%text%'` (ticket and contact search)
 * without reading every row; each matches an expression the searches use. Message text is
 * searched in its lowered copy `bodyLower` (migration 0011), so checking a row the index found
 * compares stored text instead of lowering the body again.
 * `fastupdate = off`: every insert updates the index at once, so no message ever pays for
 * merging a pending list that others filled.
 */
export const TRIGRAM_INDEXES: readonly TrigramIndex[] = [
  { name: 'messages_body_lower_trgm_idx', table: 'messages', expression: sql.ref('bodyLower') },
  ...CONTACT_TRIGRAM_INDEXES,
]

/** The trigram indexes as migration 0007 created them: message text as `lower(body)` (0011 replaced it). */
export const TRIGRAM_INDEXES_0007: readonly TrigramIndex[] = [
  { name: 'messages_body_trgm_idx', table: 'messages', expression: sql`lower(${sql.ref('body')})` },
  ...CONTACT_TRIGRAM_INDEXES,
]

/** The schema pg_trgm is installed in, or null. */
const trigramSchema = async <T>(db: Kysely<T>) => {
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'`.execute(db)
  return rows[0]?.schema ?? null
}

/**
 * Runs `statement` so that its failure leaves an enclosing transaction usable (a savepoint
 * inside one); answers whether it succeeded.
 */
export const attempt = async <T>(db: Kysely<T>, statement: ReturnType<typeof sql>) => {
  const inTransaction = db.isTransaction
  if (inTransaction) await sql`savepoint desk_trigram`.execute(db)
  try {
    await statement.execute(db)
    if (inTransaction) await sql`release savepoint desk_trigram`.execute(db)
    return true
  } catch {
    if (inTransaction) await sql`rollback to savepoint desk_trigram`.execute(db)
    return false
  }
}

/**
 * Installs pg_trgm when it is missing and allowed (in `public`, shared by every schema of the
 * database, else in the current schema) and creates the trigram indexes. Answers false, and
 * changes nothing, when the extension cannot be had (no privilege, not shipped with the
 * server): searches then read the tables as before, with the same results.
 */
export const createTrigramIndexes = async <T>(
  db: Kysely<T>,
  indexes: readonly TrigramIndex[] = TRIGRAM_INDEXES,
): Promise<boolean> => {
  let schema = await trigramSchema(db)
  if (!schema) {
    ;(await attempt(db, sql`create extension if not exists pg_trgm schema public`)) ||
      (await attempt(db, sql`create extension if not exists pg_trgm`))
    // Whichever worked, or a concurrent migration that installed it meanwhile.
    schema = await trigramSchema(db)
  }
  if (!schema) return false
  const opclass = sql`${sql.id(schema)}.gin_trgm_ops`
  for (const { name, table, expression } of indexes) {
    await sql`create index if not exists ${sql.id(name)} on ${sql.table(table)}
      using gin ((${expression}) ${opclass}) with (fastupdate = off)`.execute(db)
  }
  return true
}

export const dropTrigramIndexes = async <T>(
  db: Kysely<T>,
  indexes: readonly TrigramIndex[] = TRIGRAM_INDEXES,
): Promise<void> => {
  for (const { name } of indexes) await sql`drop index if exists ${sql.id(name)}`.execute(db)
}

/** The trigram indexes missing from the current schema (all of them when pg_trgm was not available). */
export const missingTrigramIndexes = async <T>(db: Kysely<T>): Promise<string[]> => {
  const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
    where schemaname = current_schema()`.execute(db)
  const present = new Set(rows.map((r) => r.name))
  return TRIGRAM_INDEXES.map((i) => i.name).filter((name) => !present.has(name))
}
