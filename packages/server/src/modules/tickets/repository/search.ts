import { isStartSearch, TICKET_COUNT_LIMIT, type TicketListResponse } from '@desk/api-client'
import { type ExpressionBuilder, sql } from 'kysely'
import type { DB, Db } from '../../../db'
import { dialectOf } from '../../../db/dialect'
import { escapeLike, likeSearch } from '../../../db/expressions'
import { runPrepared } from '../../../db/prepared'
import { unindexedMessages } from './search-index'
import { planMessageSearch } from './search-postgres'

/**
 * The pattern for the trigram indexes of a search (SQLite, see migration 0005): characters the
 * search escapes become `_`, so it finds at least what the exact pattern finds. Null when it
 * holds no three characters in a row, which a trigram index cannot narrow.
 */
export const trigramPattern = (search: string): string | null => {
  const loose = search.replace(/[\\%_]/g, '_')
  return /[^_]{3}/u.test(loose) ? `%${loose}%` : null
}

/** Every three characters in a row of a search, once each. */
const trigramsOf = (search: string) => {
  const chars = [...search]
  return [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join('')))]
}

/** A trigram with two digits or more: part of a number, rarer than words in messages. */
const isNumberTrigram = (trigram: string) => (trigram.match(/\p{N}/gu)?.length ?? 0) >= 2

/** A search matching more rows than this (messages and contacts) is broad; see `findSearched`. */
export const SEARCH_PROBE_ROWS = 1000

/**
 * SQLite: a search whose rarest trigram (of the few looked at) is in at most this many messages
 * is still listed by ticket id, through that trigram (see `findThroughRareTrigram`).
 */
export const SEARCH_MESSAGE_BUDGET = 20_000
/** How many of a search's trigrams are counted to find one within SEARCH_MESSAGE_BUDGET. */
const RARE_TRIGRAM_TRIES = 2

/**
 * PostgreSQL: a search whose rarest part the planner expects in more than this many times the
 * messages it would read (SEARCH_MESSAGE_BUDGET) is broad from the start (see
 * `planMessageSearch`). An estimate comes from a sample (the statistics of `bodyLower`, migration
 * 0011) and may be off by a few thousand rows either way: one taken for broad wrongly checks
 * tickets one by one until the page is full (seconds for a search in 1% of them), while one
 * taken for narrow wrongly only reads up to the budget before finding out. So only an estimate
 * well past the budget is believed.
 */
const BROAD_ESTIMATE_FACTOR = 2

/**
 * A broad search counts its tickets up to this many: below it `count` is exact; at it, the
 * answer reads "this many or more" (and is never less than the tickets listed so far). Counting
 * every match of a search found in most tickets reads every message; the page itself stops
 * as soon as it is full. The app does not show a search's count.
 */
export const SEARCH_COUNT_LIMIT = TICKET_COUNT_LIMIT

/**
 * A message's text in lower case, as searches compare it: PostgreSQL keeps it lowered in
 * `bodyLower` (migration 0011, which its trigram index holds); SQLite lowers it.
 */
export const loweredBody = (db: Db) =>
  dialectOf(db) === 'postgres' ? sql.ref('messages.bodyLower') : sql`lower(${sql.ref('messages.body')})`

/**
 * What `findSearched` learnt: the ids of every ticket found (few), null (broad: checked ticket by
 * ticket), or, for a search that many contacts match but few messages, those messages' tickets.
 */
export type Searched = number[] | null | { messageTickets: number[] }

/** SQLite's trigram indexes are tables of their own (migration 0005); PostgreSQL's serve LIKE itself (0007). */
const trigramIndexesOf = (db: Db) => dialectOf(db) === 'sqlite'

/**
 * Whether a ticket's contact matches a search: its name or number holds the text, or, for a
 * search of one or two characters (`isStartSearch`), starts with it. Such a short search does
 * not look at messages: pieces that short are in nearly every message and no trigram index
 * holds them, so it reads as the first letters of a name or number, which a B-tree answers
 * (migration 0009). SQLite uses that index only for a bare column (its LIKE ignores ASCII
 * case, as its lower() folds only ASCII: the same test).
 */
export const contactMatchesOf = (db: Db, search: string, indexed = true) => {
  const start = isStartSearch(search)
  const like = likeSearch(start ? `${escapeLike(search)}%` : `%${escapeLike(search)}%`)
  if (start && trigramIndexesOf(db)) {
    // Walking tickets newest first (a broad search), `+column` keeps SQLite from reading
    // every matching contact through the index and sorting their tickets.
    const column = (ref: 'contacts.name' | 'contacts.number') => (indexed ? sql.ref(ref) : sql`+${sql.ref(ref)}`)
    return (eb: ExpressionBuilder<DB, 'contacts'>) =>
      eb.or([like(column('contacts.name')), like(column('contacts.number'))])
  }
  const name = sql`lower(${sql.ref('contacts.name')})`
  return (eb: ExpressionBuilder<DB, 'contacts'>) => eb.or([like(name), like(sql.ref('contacts.number'))])
}

export interface SearchLimits {
  /** Matching rows past which a search counts as broad (SEARCH_PROBE_ROWS). */
  searchProbeRows: number
  /** SQLite: messages a search may read through one rare trigram (SEARCH_MESSAGE_BUDGET); 0 turns it off. */
  searchMessageBudget: number
}

/** The queries that find a search's tickets before the list reads them (see `findSearched`). */
export const createTicketSearch = (db: Db, { searchProbeRows, searchMessageBudget }: SearchLimits) => {
  const trigramIndexes = trigramIndexesOf(db)

  /**
   * The tickets a search finds, when they are few: the ones with a message, a contact name or
   * a number that matches. Rows are read through the trigram indexes where they can narrow the
   * search (each still checked with the exact LIKE), and reading stops after `searchProbeRows`:
   * null then, for a broad search, which is better checked ticket by ticket, newest first.
   * On PostgreSQL the planner's estimates may say so before anything is read (`planMessageSearch`).
   */
  /**
   * SQLite: the tickets of the contacts whose name or number holds the text, each column through its
   * trigram table (one join each: with `or` between them the index serves neither), checked with the
   * exact test. The text has three characters in a row (`trigramPattern`).
   */
  const ownersThroughIndex = (search: string) => {
    const candidates = trigramPattern(search)!
    const owners = db
      .selectFrom('contacts')
      .innerJoin('tickets', 'tickets.contactId', 'contacts.id')
      .select('tickets.id as id')
      .where(contactMatchesOf(db, search))
    const [byName, byNumber] = (['name', 'number'] as const).map((column) =>
      owners
        .innerJoin(sql<{ rowid: number; name: string; number: string }>`contacts_search`.as('fts'), (join) =>
          join.onRef('fts.rowid', '=', 'contacts.id'),
        )
        .where(sql<boolean>`${sql.ref(`fts.${column}`)} like ${candidates}`),
    )
    return byName!.unionAll(byNumber!)
  }

  const findSearched = async (search: string): Promise<Searched> => {
    const like = likeSearch(`%${escapeLike(search)}%`)
    const contactMatches = contactMatchesOf(db, search)
    if (isStartSearch(search)) {
      // Names and numbers starting with the text, through migration 0009's indexes.
      const rows = await db
        .selectFrom('contacts')
        .innerJoin('tickets', 'tickets.contactId', 'contacts.id')
        .select('tickets.id as id')
        .where(contactMatches)
        .limit(searchProbeRows + 1)
        .execute()
      return rows.length > searchProbeRows ? null : rows.map((r) => r.id)
    }
    const bodies = db
      .selectFrom('messages')
      .select('messages.ticketId as id')
      .where(like(sql`lower(${sql.ref('messages.body')})`))
    const owners = db
      .selectFrom('contacts')
      .innerJoin('tickets', 'tickets.contactId', 'contacts.id')
      .select('tickets.id as id')
      .where(contactMatches)
    if (!trigramIndexes) {
      const plan = await planMessageSearch(
        db,
        search,
        BROAD_ESTIMATE_FACTOR * Math.max(searchMessageBudget, searchProbeRows),
      )
      if (plan.broad) return null
      // Up to `limit` matching messages, read once: their tickets, and how many there were. The
      // index reads the rare part; the exact LIKE, kept out of the index's hands, checks it.
      // Found in more messages than the probe, yet in at most searchMessageBudget of them, the
      // search is still listed by ticket id (see findThroughRareTrigram).
      const limit = Math.max(searchMessageBudget, searchProbeRows)
      // Counted and gathered into one array of ticket ids by the database, rather than sent row
      // by row or grouped out of a materialised list.
      const [bodies, owned] = await Promise.all([
        db
          .selectFrom(
            db
              .selectFrom('messages')
              .select('messages.ticketId')
              .where(likeSearch(plan.indexPattern)(loweredBody(db)))
              .where(sql<boolean>`coalesce(${like(loweredBody(db))}, false)`)
              .limit(limit + 1)
              .as('matching'),
          )
          .select([
            sql<string>`count(*)`.as('n'),
            sql<number[] | null>`array_agg(distinct ${sql.ref('matching.ticketId')})`.as('ids'),
          ])
          .executeTakeFirstOrThrow(),
        owners.limit(searchProbeRows + 1).execute(),
      ])
      if (Number(bodies.n) > limit) return null
      const messageTickets = bodies.ids ?? []
      if (owned.length > searchProbeRows) return searchMessageBudget === 0 ? null : { messageTickets }
      return [...new Set([...messageTickets, ...owned.map((r) => r.id)])]
    }
    const candidates = trigramIndexes ? trigramPattern(search) : null
    // A number in the text ("ticket 77", an order or phone number): one of its trigrams of digits
    // is likely rare, and read alone it answers without the probe below, which intersects every
    // trigram of the text, common ones included (2–4 ms for "ticket 77" over a million messages).
    const trigrams = trigramsOf(search)
    const numberTrigrams = trigrams.filter(isNumberTrigram)
    if (candidates && numberTrigrams.length) {
      const found = await findThroughRareTrigram(search, numberTrigrams)
      if (found !== undefined) return found
    }
    // Joined rather than `in (…)`, so an index is read only as far as the limit needs. The messages
    // the index does not hold yet (written in the last moments, see migration 0035) are read directly.
    const query = candidates
      ? bodies
          .innerJoin(sql<{ rowid: number; body: string }>`messages_search`.as('fts'), (join) =>
            join.onRef('fts.rowid', '=', 'messages.id'),
          )
          .where(sql<boolean>`${sql.ref('fts.body')} like ${candidates}`)
          .unionAll(bodies.where(unindexedMessages))
          .unionAll(ownersThroughIndex(search))
      : bodies.unionAll(owners)
    const rows = await query.limit(searchProbeRows + 1).execute()
    if (rows.length <= searchProbeRows) return [...new Set(rows.map((r) => r.id))]
    return candidates ? ((await findThroughRareTrigram(search, trigrams)) ?? null) : null
  }

  /**
   * SQLite, for a search found in more messages than the probe reads: the text's LIKE hands
   * the index every trigram of it, and a search such as "ticket 77" then reads the whole
   * entries of "tic", "ick" … (every message) to intersect them. One rare trigram of the text
   * (" 77") has a short entry: when one of the first few looked at is in at most
   * `searchMessageBudget` messages, its messages are read (each checked with the exact LIKE)
   * and the search is listed by ticket id and counted exactly. Undefined when none of those looked
   * at (of `among`) is that rare, and the contacts' matches alone when they are more than the probe
   * reads. A text with a number comes here before the probe, with its trigrams of two digits or more.
   */
  const findThroughRareTrigram = async (search: string, among: string[]): Promise<Searched | undefined> => {
    if (searchMessageBudget === 0) return null
    // Those with the fewest ASCII letters and spaces first (digits and other rarer characters:
    // " 77" before "t 7" in "ticket 77"); at most RARE_TRIGRAM_TRIES entries are counted.
    const common = (trigram: string) => trigram.match(/[a-z ]/gu)?.length ?? 0
    const trigrams = [...among].sort((a, b) => common(a) - common(b))
    const phrase = (trigram: string) => `"${trigram.replaceAll('"', '""')}"`
    let rare: string | undefined
    for (const trigram of trigrams.slice(0, RARE_TRIGRAM_TRIES)) {
      const { n } = await db
        .selectFrom(
          db
            .selectFrom(sql<{ rowid: number }>`messages_search`.as('fts'))
            .select('fts.rowid')
            .where(sql<boolean>`messages_search match ${phrase(trigram)}`)
            .limit(searchMessageBudget + 1)
            .as('entries'),
        )
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
      if (Number(n) <= searchMessageBudget) {
        rare = trigram
        break
      }
    }
    if (rare === undefined) return undefined
    const like = likeSearch(`%${escapeLike(search)}%`)
    const [bodies, owners] = await Promise.all([
      db
        .selectFrom(sql<{ rowid: number }>`messages_search`.as('fts'))
        .innerJoin('messages', 'messages.id', 'fts.rowid')
        .select('messages.ticketId as id')
        .distinct()
        .where(sql<boolean>`messages_search match ${phrase(rare)}`)
        .where(like(sql`lower(${sql.ref('messages.body')})`))
        // And those the index does not hold yet (see migration 0035).
        .unionAll(
          db
            .selectFrom('messages')
            .select('messages.ticketId as id')
            .where(unindexedMessages)
            .where(like(sql`lower(${sql.ref('messages.body')})`)),
        )
        .execute(),
      ownersThroughIndex(search)
        .limit(searchProbeRows + 1)
        .execute(),
    ])
    if (owners.length > searchProbeRows) return { messageTickets: [...new Set(bodies.map((r) => r.id))] }
    return [...new Set([...bodies, ...owners].map((r) => r.id))]
  }

  return { findSearched }
}

/**
 * For each ticket of a search's page, the latest message (not deleted) that holds the text: one
 * look per ticket, newest first, stopping at the first match, all in one statement (each ticket's
 * look a subquery over the messages index of that ticket). A search of one or two characters
 * reads names and numbers only (`isStartSearch`), so it has none.
 */
export const searchMatchesOf = async (
  db: Db,
  ticketIds: number[],
  search: string,
): Promise<Map<number, { messageId: number; body: string }>> => {
  const found = new Map<number, { messageId: number; body: string }>()
  if (!ticketIds.length || !search || isStartSearch(search)) return found
  const like = likeSearch(`%${escapeLike(search)}%`)
  const pageTickets =
    dialectOf(db) === 'postgres'
      ? sql<{ id: number }>`(select unnest(${[...ticketIds]}::int[]) as id)`
      : sql<{ id: number }>`(select value as id from json_each(${JSON.stringify(ticketIds)}))`
  const latest = db.selectFrom(pageTickets.as('page')).select((eb) =>
    eb
      .selectFrom('messages')
      .select('messages.id')
      .whereRef('messages.ticketId', '=', 'page.id')
      .where('messages.isDeleted', '=', 0)
      .where(like(loweredBody(db)))
      .orderBy('messages.id', 'desc')
      .limit(1)
      .as('messageId'),
  )
  // Prepared on PostgreSQL, its plan as the database chooses (any plan reads each ticket's messages by
  // its index): no plan mode to set on a connection the page left in its own.
  const rows = await runPrepared(
    db,
    db
      .selectFrom('messages')
      .select(['messages.id', 'messages.ticketId', 'messages.body'])
      .where('messages.id', 'in', latest),
    { genericPlan: false },
  )
  for (const row of rows) found.set(row.ticketId, { messageId: row.id, body: row.body })
  return found
}

/** A search's page, each ticket with its matching message (see `searchMatchesOf`). */
export const withSearchMatches = async (db: Db, page: TicketListResponse, search: string) => {
  const matches = await searchMatchesOf(
    db,
    page.tickets.map((ticket) => ticket.id),
    search,
  )
  if (!matches.size) return page
  const tickets = page.tickets.map((ticket) => {
    const match = matches.get(ticket.id)
    // The match first: added after a spread, it would give each ticket a shape of its own (see "Object
    // shapes" in the server README).
    return match ? { searchMatch: match, ...ticket } : ticket
  })
  return { ...page, tickets }
}
