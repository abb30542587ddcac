import { type ColumnDataType, type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely'

export type Dialect = 'sqlite' | 'postgres'

export const dialectOf = <T>(db: Kysely<T>): Dialect =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'

/**
 * An auto-incrementing integer primary key on either dialect, for
 * `.addColumn('id', ...idColumn(db))`: `serial` on PostgreSQL, `integer … autoincrement` on SQLite.
 */
export const idColumn = <T>(
  db: Kysely<T>,
): [ColumnDataType, (c: ColumnDefinitionBuilder) => ColumnDefinitionBuilder] =>
  dialectOf(db) === 'postgres' ? ['serial', (c) => c.primaryKey()] : ['integer', (c) => c.primaryKey().autoIncrement()]

/**
 * `column in (ids)` with the ids bound as one value (a JSON array on SQLite, an array on
 * PostgreSQL), so a list of a thousand ids costs one parameter to build and to parse (and
 * PostgreSQL hashes it rather than comparing each row with every id).
 */
export const inIds = <T>(db: Kysely<T>, column: string, ids: readonly number[]) =>
  dialectOf(db) === 'postgres'
    ? sql<boolean>`${sql.ref(column)} in (select unnest(${[...ids]}::int[]))`
    : sql<boolean>`${sql.ref(column)} in (select value from json_each(${JSON.stringify(ids)}))`
