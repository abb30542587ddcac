/**
 * The large desk of the tickets-list benchmark (100,000 tickets, 1,000,000 messages), seeded the same on
 * either engine: SQLite through the database layer in batched inserts inside transactions, PostgreSQL in a
 * few statements (`unnest` arrays and `generate_series`).
 */
import type { createServer } from '@desk/server'
import { sql } from '../packages/server/src/db'
import { createTrigramIndexes, dropTrigramIndexes, missingTrigramIndexes } from '../packages/server/src/db/postgres'
import { hashPassword } from '../packages/server/src/modules/auth/service'
import { indexMessageTail } from '../packages/server/src/modules/tickets/repository'

export const TICKETS = 100_000
export const MESSAGES_PER_TICKET = 10
export const AGENTS = 20
export const QUEUES = 5
/** Rows per INSERT statement, and rows per transaction (SQLite). */
const BATCH = 1_000
const TRANSACTION_ROWS = 50_000

export type Server = ReturnType<typeof createServer>
export type Db = Server['db']

const chunks = function* <T>(count: number, size: number, make: (index: number) => T) {
  for (let start = 0; start < count; start += size) {
    yield Array.from({ length: Math.min(size, count - start) }, (_, i) => make(start + i))
  }
}

/** Inserts `count` rows made by `make`, BATCH rows a statement, TRANSACTION_ROWS a transaction. */
const bulkInsert = async <T extends Record<string, unknown>>(
  db: Db,
  table: 'contacts' | 'tickets' | 'messages',
  count: number,
  make: (index: number) => T,
) => {
  for (let start = 0; start < count; start += TRANSACTION_ROWS) {
    const size = Math.min(TRANSACTION_ROWS, count - start)
    await db.transaction().execute(async (trx) => {
      for (const rows of chunks(size, BATCH, (i) => make(start + i))) {
        await trx
          .insertInto(table)
          .values(rows as never)
          .execute()
      }
    })
  }
}

/** A deterministic, well-mixed spread (murmur3's finaliser): the same desk every run, no correlated picks. */
const pick = (i: number, n: number, salt = 0) => {
  let h = (i * 0x9e3779b1 + salt * 0x85ebca6b) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) >>> 0
  return ((h ^ (h >>> 16)) >>> 0) % n
}

/** The desk every engine gets: contact i + 1 owns ticket i; newer tickets have higher ids, spread over 90 days. */
const SPAN_MS = 90 * 86_400_000
const updatedAgo = (i: number) => Math.round(((TICKETS - i) / TICKETS) * SPAN_MS)
const contactOf = (i: number) => ({ name: `Customer ${i}`, number: `55${String(11_900_000_000 + i)}` })
const ticketOf = (i: number, agentIds: number[], queueIds: number[]) => {
  const roll = pick(i, 100)
  const status = roll < 80 ? 'closed' : roll < 92 ? 'open' : 'pending'
  return {
    status: status as 'closed' | 'open' | 'pending',
    contactId: i + 1,
    userId: status === 'pending' ? null : agentIds[pick(i, AGENTS, 1)]!,
    queueId: pick(i, 10, 2) === 0 ? null : queueIds[pick(i, QUEUES, 3)]!,
    isGroup: pick(i, 20, 4) === 0 ? 1 : 0,
    lastMessage: `Message ${MESSAGES_PER_TICKET - 1} of ticket ${i}`,
    unreadMessages: status === 'closed' ? 0 : pick(i, 4, 5),
    createdMsAgo: updatedAgo(i) + 3_600_000,
    updatedMsAgo: updatedAgo(i),
  }
}

/** Users, queues and the connection, through the query builder on either engine. */
const seedDesk = async (db: Db, iso: (msAgo: number) => string) => {
  const passwordHash = await hashPassword('bench-password')
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: AGENTS + 1 }, (_, i) => ({
        name: i === 0 ? 'Admin' : `Agent ${i}`,
        email: i === 0 ? 'admin@bench.test' : `agent${i}@bench.test`,
        passwordHash,
        profile: i === 0 ? ('admin' as const) : ('user' as const),
        whatsappId: null,
        language: null,
        createdAt: iso(0),
        updatedAt: iso(0),
      })),
    )
    .returning('id')
    .execute()
  const agentIds = users.slice(1).map((u) => u.id)
  const queues = await db
    .insertInto('queues')
    .values(
      Array.from({ length: QUEUES }, (_, i) => ({
        name: `Queue ${i + 1}`,
        color: `#0${i}a0${i}0`,
        greetingMessage: null,
        createdAt: iso(0),
        updatedAt: iso(0),
      })),
    )
    .returning('id')
    .execute()
  const queueIds = queues.map((q) => q.id)
  await db
    .insertInto('user_queues')
    .values(
      agentIds.flatMap((userId, i) => [
        { userId, queueId: queueIds[i % QUEUES]!, createdAt: iso(0) },
        { userId, queueId: queueIds[(i + 1) % QUEUES]!, createdAt: iso(0) },
      ]),
    )
    .execute()
  const { id: whatsappId } = await db
    .insertInto('whatsapps')
    .values({
      name: 'Bench line',
      status: 'CONNECTED',
      qrcode: null,
      isDefault: 1,
      greetingMessage: null,
      farewellMessage: null,
      driver: 'simulator',
      createdAt: iso(0),
      updatedAt: iso(0),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { adminId: users[0]!.id, agentId: agentIds[0]!, agentIds, queueIds, whatsappId }
}

export const seedSqlite = async (db: Db) => {
  const now = Date.now()
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString()
  const desk = await seedDesk(db, iso)
  const { agentIds, queueIds, whatsappId } = desk
  await bulkInsert(db, 'contacts', TICKETS, (i) => ({
    ...contactOf(i),
    email: null,
    profilePicUrl: null,
    isGroup: 0,
    createdAt: iso(SPAN_MS),
    updatedAt: iso(SPAN_MS),
  }))
  await bulkInsert(db, 'tickets', TICKETS, (i) => {
    const { createdMsAgo, updatedMsAgo, ...ticket } = ticketOf(i, agentIds, queueIds)
    return {
      ...ticket,
      whatsappId,
      queueMenuSent: 0,
      createdAt: iso(createdMsAgo),
      updatedAt: iso(updatedMsAgo),
    }
  })
  await bulkInsert(db, 'messages', TICKETS * MESSAGES_PER_TICKET, (m) => {
    const ticket = Math.floor(m / MESSAGES_PER_TICKET)
    const n = m % MESSAGES_PER_TICKET
    const fromMe = n % 2
    return {
      ticketId: ticket + 1,
      contactId: fromMe ? null : ticket + 1,
      userId: null,
      whatsappId,
      providerMessageId: `BENCH${m}`,
      body: `Message ${n} of ticket ${ticket}`,
      fromMe,
      read: 1,
      mediaType: 'chat',
      mediaPath: null,
      mediaMime: null,
      ack: fromMe ? 3 : 0,
      isDeleted: 0,
      quotedMsgId: null,
      error: null,
      createdAt: iso(updatedAgo(ticket) + (MESSAGES_PER_TICKET - n) * 60_000),
      updatedAt: iso(updatedAgo(ticket) + (MESSAGES_PER_TICKET - n) * 60_000),
    }
  })
  // Into the trigram index at once, as a desk that wrote them over months would hold them (the server
  // indexes what arrives in batches, a few times a second; see migration 0035).
  await db.transaction().execute((trx) => indexMessageTail(trx, TICKETS * MESSAGES_PER_TICKET))
  return desk
}

/**
 * The same desk on PostgreSQL in a handful of statements: contacts and messages from
 * `generate_series`, tickets from arrays (their spread is computed here, as for SQLite).
 * Timestamps are written in the column's own type (text ISO strings or `timestamptz`).
 */
export const seedPostgres = async (db: Db) => {
  const now = Date.now()
  const iso = (msAgo: number) => new Date(now - msAgo).toISOString()
  const desk = await seedDesk(db, iso)
  const { agentIds, queueIds, whatsappId } = desk
  const { rows } = await sql<{ type: string }>`select data_type as type from information_schema.columns
    where table_schema = current_schema() and table_name = 'messages' and column_name = 'createdAt'`.execute(db)
  const asText = rows[0]?.type !== 'timestamp with time zone'
  /** A timestamptz expression written as the column stores it. */
  const stored = (value: ReturnType<typeof sql>) =>
    asText ? sql`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : value
  // As a bulk import would: the trigram indexes are built once after the rows are in, not row by row.
  const trigram = (await missingTrigramIndexes(db)).length === 0
  if (trigram) await dropTrigramIndexes(db)
  const nowTs = sql`${new Date(now).toISOString()}::timestamptz`
  const contactsAt = stored(sql`${nowTs} - ${`${SPAN_MS} milliseconds`}::interval`)
  await sql`insert into contacts (id, name, number, email, "profilePicUrl", "isGroup", "createdAt", "updatedAt")
    select i + 1, 'Customer ' || i, '55' || (11900000000 + i)::text, null, null, 0, ${contactsAt}, ${contactsAt}
    from generate_series(0, ${TICKETS - 1}) as i`.execute(db)
  const tickets = Array.from({ length: TICKETS }, (_, i) => ticketOf(i, agentIds, queueIds))
  const column = <K extends keyof (typeof tickets)[number]>(key: K) => tickets.map((t) => t[key])
  const ago = (key: 'createdMsAgo' | 'updatedMsAgo') =>
    stored(sql`${nowTs} - make_interval(secs => t.${sql.id(key)} / 1000.0)`)
  await sql`insert into tickets (id, status, "contactId", "userId", "queueId", "whatsappId", "isGroup", "lastMessage",
      "unreadMessages", "queueMenuSent", "createdAt", "updatedAt")
    select t."contactId", t.status, t."contactId", t."userId", t."queueId", ${whatsappId}, t."isGroup", t."lastMessage",
      t."unreadMessages", 0, ${ago('createdMsAgo')}, ${ago('updatedMsAgo')}
    from unnest(${column('status')}::text[], ${column('contactId')}::int[], ${column('userId')}::int[],
      ${column('queueId')}::int[], ${column('isGroup')}::int[], ${column('lastMessage')}::text[],
      ${column('unreadMessages')}::int[], ${column('createdMsAgo')}::bigint[], ${column('updatedMsAgo')}::bigint[])
      as t(status, "contactId", "userId", "queueId", "isGroup", "lastMessage", "unreadMessages", "createdMsAgo", "updatedMsAgo")`.execute(
    db,
  )
  // Message n of ticket t was written (10 - n) minutes before the ticket's last activity.
  const messageAt = stored(
    sql`${nowTs} - make_interval(secs => (${SPAN_MS}::float8 * (${TICKETS} - (t.id - 1)) / ${TICKETS}) / 1000.0 + (${MESSAGES_PER_TICKET} - n) * 60)`,
  )
  await sql`insert into messages ("ticketId", "contactId", "userId", "whatsappId", "providerMessageId", body, "fromMe",
      read, "mediaType", "mediaPath", "mediaMime", ack, "isDeleted", "quotedMsgId", error, "createdAt", "updatedAt")
    select t.id, case when n % 2 = 1 then null else t.id end, null, ${whatsappId},
      'BENCH' || ((t.id - 1) * ${MESSAGES_PER_TICKET} + n), 'Message ' || n || ' of ticket ' || (t.id - 1),
      n % 2, 1, 'chat', null, null, case when n % 2 = 1 then 3 else 0 end, 0, null, null, ${messageAt}, ${messageAt}
    from generate_series(1, ${TICKETS}) as t(id) cross join generate_series(0, ${MESSAGES_PER_TICKET - 1}) as n
    order by t.id, n`.execute(db)
  for (const table of ['contacts', 'tickets']) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.table(table)}))`.execute(
      db,
    )
  }
  if (trigram) await createTrigramIndexes(db)
  await sql`vacuum analyze`.execute(db)
  return desk
}

/** The desk already seeded in the current schema (a kept BENCH_PG_SCHEMA), or null when it is missing or partial. */
export const seededDesk = async (db: Db) => {
  const { rows } = await sql<{ n: string }>`select count(*) as n from tickets`.execute(db)
  if (Number(rows[0]?.n) !== TICKETS) return null
  const users = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('email', 'in', ['admin@bench.test', 'agent1@bench.test'])
    .execute()
  const idOf = (email: string) => users.find((u) => u.email === email)?.id
  const adminId = idOf('admin@bench.test')
  const agentId = idOf('agent1@bench.test')
  return adminId && agentId ? { adminId, agentId } : null
}
