import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Database, migrateTo, migrateToLatest, openDatabase } from '../../src/db'
import { TIMESTAMP_COLUMNS } from '../../src/db/migrations/0007_pg_timestamps_and_trigram'
import { attempt, missingTrigramIndexes, TRIGRAM_INDEXES } from '../../src/db/postgres'
import { createDashboardService } from '../../src/modules/dashboard/service'
import { freshDatabase } from '../support/database'
import { createStorage, pgAvailable, type TestStorage } from '../support/drivers'
import { contactRow, messageRow, ticketRow } from '../support/rows'

const at = '2026-11-24T07:18:39.967Z'

/**
 * PostgreSQL stores timestamps as `timestamptz` (migration 0007) and reads them back as the
 * ISO strings the API always answered, whatever the session's time zone; search has its
 * trigram indexes.
 */
describe.skipIf(!pgAvailable)('PostgreSQL storage', () => {
  let storage: TestStorage
  let database: Database

  beforeAll(async () => {
    storage = await createStorage('postgres')
    // A session far from UTC: nothing read or compared may depend on it.
    const url = new URL(storage.databaseUrl!)
    url.searchParams.set('options', `${url.searchParams.get('options')} -c TimeZone=Asia/Kolkata`)
    database = openDatabase({ dataDir: storage.dataDir, databaseUrl: url.toString() })
    await migrateToLatest(database.db)
  })
  afterAll(async () => {
    await database?.destroy()
    await storage?.cleanup()
  })

  it('stores every timestamp column as timestamptz', async () => {
    const { rows } = await sql<{ table: string; column: string; type: string }>`
      select table_name as "table", column_name as "column", data_type as type from information_schema.columns
      where table_schema = current_schema() and (column_name like '%At' or column_name like '%Start')`.execute(
      database.db,
    )
    // 0007 converted the tables before it; later migrations create theirs with timestamptz.
    const expected = [
      ...Object.entries(TIMESTAMP_COLUMNS).flatMap(([table, columns]) => columns.map((c) => `${table}.${c}`)),
      'rate_limits.windowStart',
      'rate_limits.expiresAt',
      // 0013: outreach jobs (`jobs.leaseUntil` too, which this name pattern does not pick).
      ...['createdAt', 'updatedAt', 'startAt', 'nextRunAt', 'finishedAt'].map((c) => `jobs.${c}`),
      'job_recipients.updatedAt',
      'connection_send_leases.expiresAt',
      'opt_outs.createdAt',
      // 0014: tags.
      'tags.createdAt',
      'tags.updatedAt',
      // 0016: bots.
      'bot_configs.updatedAt',
      'bot_switches.failedAt',
      'bot_switches.updatedAt',
      'bot_inbox.dueAt',
      'bot_leases.expiresAt',
      'bot_audit.createdAt',
      // 0015: kanban.
      'lanes.createdAt',
      'lanes.updatedAt',
      'ticket_lanes.updatedAt',
      // 0017: protocols and e-mail.
      'ticket_protocols.createdAt',
      'mail_settings.updatedAt',
      ...['createdAt', 'updatedAt', 'nextAttemptAt', 'sentAt'].map((c) => `mail_outbox.${c}`),
      // 0018: web chat.
      'webchat_identities.createdAt',
      // 0022: which process holds a session.
      'session_holders.expiresAt',
      // 0024: a bulk job refused when sent again within a minute.
      'job_submissions.submittedAt',
      // 0025: when a group's name was last asked of the network.
      'contacts.groupNameAskedAt',
      // 0026: the background work every process shares.
      ...['runAt', 'createdAt', 'updatedAt'].map((c) => `durable_work.${c}`),
      // 0027: a wake that came while the work ran.
      'durable_work.wakeAt',
      // 0031: Instagram customers.
      'instagram_accounts.createdAt',
      'instagram_accounts.updatedAt',
      // 0033: the internal chat and mentions.
      'chat_channels.createdAt',
      'chat_channels.updatedAt',
      'chat_messages.createdAt',
      'mentions.readAt',
      'mentions.createdAt',
      // 0032: the Cloud API's message templates.
      'message_templates.createdAt',
      'message_templates.updatedAt',
    ]
    expect(rows.map((r) => `${r.table}.${r.column}`).sort()).toEqual(expected.sort())
    expect(new Set(rows.map((r) => r.type))).toEqual(new Set(['timestamp with time zone']))
  })

  it('reads timestamps back as the ISO strings written, and compares with ISO strings', async () => {
    const db = database.db
    const { id } = await db
      .insertInto('contacts')
      .values(contactRow({ name: 'Ana', number: '5511900000001', updatedAt: '2026-01-02T03:04:05.000Z' }, at))
      .returning('id')
      .executeTakeFirstOrThrow()
    const row = await db.selectFrom('contacts').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
    expect(row.createdAt).toBe(at)
    expect(row.updatedAt).toBe('2026-01-02T03:04:05.000Z')
    const since = (value: string) =>
      db.selectFrom('contacts').select('id').where('id', '=', id).where('createdAt', '>=', value).execute()
    expect(await since(at)).toHaveLength(1)
    expect(await since('2026-11-24T07:18:39.968Z')).toHaveLength(0)
  })

  it('places a ticket in its UTC hour on the dashboard, whatever the session time zone', async () => {
    const db = database.db
    const contact = await db.selectFrom('contacts').select('id').executeTakeFirstOrThrow()
    await db
      .insertInto('tickets')
      .values(ticketRow({ status: 'pending', contactId: contact.id }, at))
      .execute()
    const dashboard = createDashboardService({ db })
    const actor = { id: 1, name: 'Admin', profile: 'admin' as const }
    const { ticketsToday } = await dashboard.get(actor, { date: '2026-11-24', utcOffset: 0 })
    expect(ticketsToday.total).toBe(1)
    expect(ticketsToday.perHour.filter((b) => b.count > 0).map((b) => b.hour)).toEqual([7])
  })

  it('survives an extension that cannot be installed, inside the migration transaction', async () => {
    const ok = await database.db.transaction().execute(async (trx) => {
      const installed = await attempt(trx, sql`create extension if not exists desk_no_such_extension`)
      // The transaction is still usable after the failed statement.
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(trx)
      return { installed, one: rows[0]?.one }
    })
    expect(ok).toEqual({ installed: false, one: 1 })
  })

  it('has the trigram search indexes', async () => {
    expect(await missingTrigramIndexes(database.db)).toEqual([])
    expect(TRIGRAM_INDEXES.map((i) => i.table)).toEqual(expect.arrayContaining(['messages', 'contacts']))
  })

  it('keeps a lowered copy of every message text, searched through its trigram index (migration 0011)', async () => {
    const db = database.db
    const ticket = await db.selectFrom('tickets').select(['id', 'contactId']).executeTakeFirstOrThrow()
    const { id } = await db
      .insertInto('messages')
      .values(messageRow({ ticketId: ticket.id, contactId: ticket.contactId, body: 'INFORMAÇÃO do Pedido Ölz' }, at))
      .returning('id')
      .executeTakeFirstOrThrow()
    const lowered = async () => {
      const { rows } = await sql<{ copy: string; lowered: string }>`select "bodyLower" as copy, lower(body) as lowered
        from messages where id = ${id}`.execute(db)
      return rows[0]
    }
    expect(await lowered()).toEqual({ copy: 'informação do pedido ölz', lowered: 'informação do pedido ölz' })
    await db.updateTable('messages').set({ body: 'Entregue ÀS 10h' }).where('id', '=', id).execute()
    expect((await lowered())?.copy).toBe('entregue às 10h')
    const { rows: indexes } = await sql<{ name: string; definition: string }>`select indexname as name,
      indexdef as definition from pg_indexes where schemaname = current_schema() and tablename = 'messages'`.execute(db)
    expect(indexes.find((i) => i.name === 'messages_body_lower_trgm_idx')?.definition).toContain('"bodyLower"')
    expect(indexes.map((i) => i.name)).not.toContain('messages_body_trgm_idx')
    const { rows: stats } = await sql<{ target: number }>`select attstattarget as target from pg_attribute
      where attrelid = 'messages'::regclass and attname = 'bodyLower'`.execute(db)
    expect(stats[0]?.target).toBe(1000)
  })
})

describe.skipIf(!pgAvailable)('PostgreSQL migration 0011 on a database with messages', () => {
  const fresh = freshDatabase('postgres')

  it('fills the lowered copy of existing messages, and gives the expression index back when undone', async () => {
    const db = fresh.database.db
    await migrateTo(db, '0010_automatic_messages')
    const { id: contactId } = await db
      .insertInto('contacts')
      .values(contactRow({ name: 'Ana', number: '5511900000002' }, at))
      .returning('id')
      .executeTakeFirstOrThrow()
    const { id: ticketId } = await db
      .insertInto('tickets')
      .values(ticketRow({ status: 'closed', contactId }, at))
      .returning('id')
      .executeTakeFirstOrThrow()
    await sql`insert into messages ("ticketId", body, "fromMe", read, "mediaType", ack, "isDeleted", "createdAt", "updatedAt")
      values (${ticketId}, 'Olá MUNDO', 0, 1, 'chat', 0, 0, ${at}, ${at})`.execute(db)
    const indexNames = async () => {
      const { rows } = await sql<{ name: string }>`select indexname as name from pg_indexes
        where schemaname = current_schema() and tablename = 'messages'`.execute(db)
      return rows.map((r) => r.name)
    }
    expect(await indexNames()).toContain('messages_body_trgm_idx')

    await migrateToLatest(db)
    const { rows } = await sql<{ copy: string }>`select "bodyLower" as copy from messages`.execute(db)
    expect(rows).toEqual([{ copy: 'olá mundo' }])
    expect(await indexNames()).toEqual(expect.arrayContaining(['messages_body_lower_trgm_idx']))

    await migrateTo(db, '0010_automatic_messages')
    expect(await indexNames()).toContain('messages_body_trgm_idx')
    expect(await indexNames()).not.toContain('messages_body_lower_trgm_idx')
    const { rows: columns } = await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_schema = current_schema() and table_name = 'messages' and column_name = 'bodyLower'`.execute(db)
    expect(columns).toEqual([])
  })
})
