import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * Ticket search looks for text anywhere in contact names, numbers and message bodies
 * (`LIKE '%text%'`), which no ordinary index can answer. On SQLite, trigram full-text
 * indexes over those columns hand the search a short list of candidate rows; the search
 * still applies its own LIKE to them, so what it finds does not change. The indexes keep no
 * copy of the text (they read it from their table), and triggers keep them in step. The
 * messages index also leaves out trigram positions (`detail=none`, about a third of the size;
 * the LIKE re-checks candidates anyway); contacts keep them, as phone numbers share so many
 * trigrams that only positions narrow a number search down.
 * A later migration that rebuilds `messages` or `contacts` must recreate the triggers.
 *
 * PostgreSQL reads the tables in one pass instead (see the tickets service).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) !== 'sqlite') return
  await sql`create virtual table messages_search using fts5(
    body, content='messages', content_rowid='id', tokenize='trigram', detail='none'
  )`.execute(db)
  await sql`create trigger messages_search_insert after insert on messages begin
    insert into messages_search(rowid, body) values (new.id, new.body);
  end`.execute(db)
  await sql`create trigger messages_search_delete after delete on messages begin
    insert into messages_search(messages_search, rowid, body) values ('delete', old.id, old.body);
  end`.execute(db)
  await sql`create trigger messages_search_update after update of body on messages begin
    insert into messages_search(messages_search, rowid, body) values ('delete', old.id, old.body);
    insert into messages_search(rowid, body) values (new.id, new.body);
  end`.execute(db)
  await sql`insert into messages_search(messages_search) values ('rebuild')`.execute(db)

  await sql`create virtual table contacts_search using fts5(
    name, number, content='contacts', content_rowid='id', tokenize='trigram'
  )`.execute(db)
  await sql`create trigger contacts_search_insert after insert on contacts begin
    insert into contacts_search(rowid, name, number) values (new.id, new.name, new.number);
  end`.execute(db)
  await sql`create trigger contacts_search_delete after delete on contacts begin
    insert into contacts_search(contacts_search, rowid, name, number) values ('delete', old.id, old.name, old.number);
  end`.execute(db)
  await sql`create trigger contacts_search_update after update of name, number on contacts begin
    insert into contacts_search(contacts_search, rowid, name, number) values ('delete', old.id, old.name, old.number);
    insert into contacts_search(rowid, name, number) values (new.id, new.name, new.number);
  end`.execute(db)
  await sql`insert into contacts_search(contacts_search) values ('rebuild')`.execute(db)
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) !== 'sqlite') return
  for (const table of ['messages', 'contacts']) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql`drop trigger if exists ${sql.id(`${table}_search_${event}`)}`.execute(db)
    }
    await sql`drop table if exists ${sql.id(`${table}_search`)}`.execute(db)
  }
}
