import { type Compilable, CompiledQuery } from 'kysely'
import { type Dialect, dialectOf } from './dialect'
import { directSqliteOf } from './direct'
import type { Executor } from './index'
import { PREPARED_MARK } from './prepared'

const MARK = '\u0000slot:'

/** `select *`, `select "t".*` or `returning *`: a statement that answers whole rows. */
const WHOLE_ROWS = /\b(?:select|returning)\s+(?:"[^"]+"\.)?\*/i

interface Compiled<K> {
  sql: string
  parameters: readonly unknown[]
  /** For each parameter: the placeholder it stands for, or undefined for a constant of the query. */
  slots: Array<K | undefined>
}

/**
 * A query whose shape never changes, compiled once per dialect and then run with new values.
 * The query builder builds and compiles every query anew, which on the hottest paths (a message
 * arriving, a ticket read by id) costs about as much as SQLite takes to run it.
 *
 * `build` gets named placeholders and must use each as a plain value (`where('id', '=', p.id)`,
 * an inserted or updated value) — never as an identifier or inside an `in` list, whose length
 * would change the SQL. Every placeholder must appear, else the first run throws.
 * On PostgreSQL it is also a prepared statement (`PREPARED_MARK`): parsed and planned by the database
 * once per connection rather than on every run. An arriving message runs about fifteen of them: the
 * database's CPU a message went from 5.8 to 3.2 ms on a 2-core machine.
 * On SQLite it runs straight on the connection's cached statement (see `registerDirectSqlite` in `index.ts`):
 * the query layer's own steps cost 5–8 µs a statement against about 1 µs for the statement, and allocate
 * more than its rows. Inside a transaction it holds the connection anyway; outside one, while another
 * transaction is open on the connection, it goes through the query layer, which waits for that one's end.
 */
export const reusableQuery = <K extends string, R>(
  keys: readonly K[],
  build: (db: Executor, placeholders: Record<K, never>) => Compilable<R>,
) => {
  const compiled = new Map<Dialect, Compiled<K>>()
  const compile = (db: Executor): Compiled<K> => {
    const placeholders = Object.fromEntries(keys.map((k) => [k, `${MARK}${k}`])) as Record<K, never>
    const query = build(db, placeholders).compile()
    const slots = query.parameters.map((p) =>
      typeof p === 'string' && p.startsWith(MARK) ? (p.slice(MARK.length) as K) : undefined,
    )
    const missing = keys.filter((k) => !slots.includes(k))
    if (missing.length) throw new Error(`reusableQuery: placeholders not used as values: ${missing.join(', ')}`)
    // Whole rows (`*`) stay unprepared: PostgreSQL refuses a prepared `select *` once a migration adds a
    // column ("cached plan must not change result type"); name the columns (TICKET_COLUMNS …) instead.
    const prepared = dialectOf(db) === 'postgres' && !WHOLE_ROWS.test(query.sql)
    const sql = prepared ? `${PREPARED_MARK}${query.sql}` : query.sql
    return { sql, parameters: query.parameters, slots }
  }
  return async (db: Executor, values: Record<K, unknown>): Promise<R[]> => {
    const dialect = dialectOf(db)
    let entry = compiled.get(dialect)
    if (!entry) {
      entry = compile(db)
      compiled.set(dialect, entry)
    }
    const { slots } = entry
    const parameters = entry.parameters.map((p, i) => {
      const slot = slots[i]
      return slot === undefined ? p : values[slot]
    })
    // SQLite: straight on its connection (the query layer's own steps cost several times the statement's).
    const direct = directSqliteOf(db)?.run(entry.sql, parameters, db.isTransaction)
    if (direct) return direct as R[]
    const { rows } = await db.executeQuery<R>(CompiledQuery.raw(entry.sql, parameters))
    return rows
  }
}
