import type { Kysely } from 'kysely'

/** Runs a compiled statement straight on SQLite's one connection; undefined when it must wait its turn. */
export interface DirectSqlite {
  run(sql: string, parameters: readonly unknown[], inTransaction: boolean): unknown[] | undefined
}

/** By the database's adapter, which a transaction shares with the database it belongs to. */
const handles = new WeakMap<object, DirectSqlite>()

export const registerDirectSqlite = <T>(db: Kysely<T>, handle: DirectSqlite) => {
  handles.set(db.getExecutor().adapter, handle)
}

/** The SQLite handle behind a database or one of its transactions; undefined on PostgreSQL. */
export const directSqliteOf = <T>(db: Kysely<T>): DirectSqlite | undefined => handles.get(db.getExecutor().adapter)
