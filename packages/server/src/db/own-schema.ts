import {
  type DatabaseIntrospector,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely'

/**
 * Looks up tables in the connection's own schema only. Kysely's own introspector reads every schema of the
 * database and asks `has_schema_privilege` about each by name, so a schema another process drops at that
 * moment (another desk sharing the database, or a parallel test run) fails our migration with "schema … does
 * not exist". The migrator is the only user: it needs the tables' names, not their columns.
 */
class OwnSchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>
  readonly #fallback: PostgresIntrospector

  constructor(db: Kysely<unknown>) {
    this.#db = db
    this.#fallback = new PostgresIntrospector(db)
  }

  getSchemas(): Promise<SchemaMetadata[]> {
    return this.#fallback.getSchemas()
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, n.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
      where n.nspname = current_schema() and c.relkind in ('r', 'v', 'p', 'f')
      order by c.relname`.execute(this.#db)
    return rows.map(({ name, schema, kind }) => ({
      name,
      schema,
      isView: kind === 'v',
      isForeign: kind === 'f',
      columns: [],
    }))
  }

  async getMetadata(): Promise<{ tables: TableMetadata[] }> {
    return { tables: await this.getTables() }
  }
}

/** PostgreSQL as Kysely speaks it, with table lookups kept to our own schema. */
export class OwnSchemaPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new OwnSchemaIntrospector(db)
  }
}
