import type { Migration } from 'kysely/migration'
import * as m0001 from './0001_spine'
import * as m0002 from './0002_conversations'
import * as m0003 from './0003_ticket_list_indexes'
import * as m0004 from './0004_quick_answers'
import * as m0005 from './0005_ticket_search'
import * as m0007 from './0007_pg_timestamps_and_trigram'

/**
 * Every migration, in order. Names sort lexically; a later feature adds its own file
 * (`0002_tickets.ts` …) and one line here. Never edit a migration that has shipped.
 */
export const migrations: Record<string, Migration> = {
  '0001_spine': m0001,
  '0002_conversations': m0002,
  '0003_ticket_list_indexes': m0003,
  '0004_quick_answers': m0004,
  '0005_ticket_search': m0005,
  // 0006 is taken by another change on its way.
  '0007_pg_timestamps_and_trigram': m0007,
}
