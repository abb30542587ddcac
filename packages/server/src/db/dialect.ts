import { type ColumnDataType, type ColumnDefinitionBuilder, type Kysely, PostgresAdapter } from 'kysely'

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
