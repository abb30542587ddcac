import { type Kysely, sql } from 'kysely'
import { dialectOf } from '../dialect'

/**
 * SQLite: messages enter the trigram index (`messages_search`, migration 0005) in batches, not one
 * by one as they are written. The index is a full-text table, which writes a new segment of its own
 * at every commit that added to it: about 0.2 ms of a commit that without it costs 0.05 ms, on every
 * arriving message at a quiet desk's pace. Now `messages_search_state.upto` names the last message
 * the index holds; every message after it is indexed by the batch indexer (`modules/tickets/repository/search-index.ts`), a
 * few times a second and in the same commit as whatever else is written then, and searches read
 * those few unindexed messages directly (ids past `upto`, compared with LIKE), so what a search
 * finds does not change. Deleting or editing a message takes it out of the index only when the
 * index holds it (the full-text table must not be asked to delete what it never held).
 * Ids never come back (`autoincrement`), so `upto` only grows. PostgreSQL is not concerned (its
 * trigram index is an ordinary index, migration 0007).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) !== 'sqlite') return
  await sql`create table messages_search_state (
    id integer primary key check (id = 1),
    upto integer not null
  )`.execute(db)
  // The index holds every message so far (the triggers kept it so).
  await sql`insert into messages_search_state (id, upto) select 1, coalesce(max(id), 0) from messages`.execute(db)
  await sql`drop trigger messages_search_insert`.execute(db)
  await sql`drop trigger messages_search_delete`.execute(db)
  await sql`drop trigger messages_search_update`.execute(db)
  await sql`create trigger messages_search_delete after delete on messages
    when old.id <= (select upto from messages_search_state) begin
    insert into messages_search(messages_search, rowid, body) values ('delete', old.id, old.body);
  end`.execute(db)
  await sql`create trigger messages_search_update after update of body on messages
    when old.id <= (select upto from messages_search_state) begin
    insert into messages_search(messages_search, rowid, body) values ('delete', old.id, old.body);
    insert into messages_search(rowid, body) values (new.id, new.body);
  end`.execute(db)
}

export const down = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) !== 'sqlite') return
  await sql`drop trigger messages_search_delete`.execute(db)
  await sql`drop trigger messages_search_update`.execute(db)
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
  // Whatever was not indexed yet.
  await sql`insert into messages_search(rowid, body)
    select id, body from messages where id > (select upto from messages_search_state)`.execute(db)
  await sql`drop table messages_search_state`.execute(db)
}
