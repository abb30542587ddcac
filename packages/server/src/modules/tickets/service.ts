import {
  describeTicketUpdate,
  isStartSearch,
  TICKETS_PAGE_SIZE,
  type Ticket,
  type TicketListFilter,
  type TicketListResponse,
  type TicketStatus,
  type TicketUpdateData,
} from '@desk/api-client'
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import { type DB, type Db, isUniqueViolation, nowIso } from '../../db'
import { dialectOf, inIds } from '../../db/dialect'
import { AppError, fieldError, OtherOpenTicketError, ticketChanged } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import type { MessagesService } from '../messages/service'
import { type Actor, isAdmin } from '../users/repository'
import {
  actorCanSee,
  findTicket,
  queueIdsOf,
  sightOf,
  type TicketsEb,
  ticketQuery,
  ticketScope,
  toTicket,
} from './repository'
import { planMessageSearch } from './search-postgres'
import { type Expected, insertLiveTicket, moveTicket, type TicketState } from './transitions'

const noPermission = () => new AppError('ERR_NO_PERMISSION', 403)
const notFound = () => new AppError('ERR_NO_TICKET_FOUND', 404)

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The pattern for the trigram indexes of a search (SQLite, see migration 0005): characters the
 * search escapes become `_`, so it finds at least what the exact pattern finds. Null when it
 * holds no three characters in a row, which a trigram index cannot narrow.
 */
export const trigramPattern = (search: string): string | null => {
  const loose = search.replace(/[\\%_]/g, '_')
  return /[^_]{3}/u.test(loose) ? `%${loose}%` : null
}

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
export const SEARCH_COUNT_LIMIT = 1000

const likeSearch = (pattern: string) => (value: Expression<unknown>) =>
  sql<boolean>`${value} like ${pattern} escape '\\'`

/**
 * A message's text in lower case, as searches compare it: PostgreSQL keeps it lowered in
 * `bodyLower` (migration 0011, which its trigram index holds); SQLite lowers it.
 */
const loweredBody = (db: Db) =>
  dialectOf(db) === 'postgres' ? sql.ref('messages.bodyLower') : sql`lower(${sql.ref('messages.body')})`

/** Fills `{{name}}` with the contact's name. */
export const fillTemplate = (text: string, values: { name: string }) => text.replaceAll('{{name}}', values.name)

/** What the customer is told after a transfer. */
export const transferNotice = (queue: string | null, user: string | null) => {
  if (queue && user) return `Your conversation was transferred to *${queue}*, attendant *${user}*.`
  return `Your conversation was transferred to *${queue ?? user}*.`
}

type TicketEb = ExpressionBuilder<DB, 'tickets' | 'contacts'>

/**
 * What `findSearched` learnt: the ids of every ticket found (few), null (broad: checked ticket by
 * ticket), or, for a search that many contacts match but few messages, those messages' tickets.
 */
type Searched = number[] | null | { messageTickets: number[] }

export interface TicketsServiceDeps {
  db: Db
  publisher: Publisher
  messages: MessagesService
  /** Matching rows past which a search counts as broad (SEARCH_PROBE_ROWS); tests lower it. */
  searchProbeRows?: number
  /** Tickets a broad search counts at most (SEARCH_COUNT_LIMIT); tests lower it. */
  searchCountLimit?: number
  /** SQLite: messages a search may read through one rare trigram (SEARCH_MESSAGE_BUDGET); 0 turns it off. */
  searchMessageBudget?: number
}

/**
 * Tickets and their life (seed §4): listing with the visibility rules, opening one for a
 * contact, every transition of `PUT /tickets/:id`, deletion (admins), closing all and the
 * idle auto-close. Closing sends the connection's farewell; a transfer tells the customer.
 */
export const createTicketsService = ({
  db,
  publisher,
  messages,
  searchProbeRows = SEARCH_PROBE_ROWS,
  searchCountLimit = SEARCH_COUNT_LIMIT,
  searchMessageBudget = SEARCH_MESSAGE_BUDGET,
}: TicketsServiceDeps) => {
  /** SQLite's trigram indexes are tables of their own (migration 0005); PostgreSQL's serve LIKE itself (0007). */
  const trigramIndexes = dialectOf(db) === 'sqlite'
  /**
   * A correlated subquery PostgreSQL must run for each row: `offset 0` keeps the planner from
   * first collecting every match of the whole table (a hashed subplan), which a count that
   * stops early never needs. SQLite runs them row by row anyway.
   */
  const perTicket = <Q extends { offset(n: number): Q }>(query: Q): Q =>
    dialectOf(db) === 'postgres' ? query.offset(0) : query
  const announce = async (ticket: Ticket, before?: Ticket) => {
    publisher.ticket({ action: 'update', ticket }, await sightOf(db, ticket), before && (await sightOf(db, before)))
  }

  /**
   * Whether a ticket's contact matches a search: its name or number holds the text, or, for a
   * search of one or two characters (`isStartSearch`), starts with it. Such a short search does
   * not look at messages: pieces that short are in nearly every message and no trigram index
   * holds them, so it reads as the first letters of a name or number, which a B-tree answers
   * (migration 0009). SQLite uses that index only for a bare column (its LIKE ignores ASCII
   * case, as its lower() folds only ASCII: the same test).
   */
  const contactMatchesOf = (search: string, indexed = true) => {
    const start = isStartSearch(search)
    const like = likeSearch(start ? `${escapeLike(search)}%` : `%${escapeLike(search)}%`)
    if (start && trigramIndexes) {
      // Walking tickets newest first (a broad search), `+column` keeps SQLite from reading
      // every matching contact through the index and sorting their tickets.
      const column = (ref: 'contacts.name' | 'contacts.number') => (indexed ? sql.ref(ref) : sql`+${sql.ref(ref)}`)
      return (eb: ExpressionBuilder<DB, 'contacts'>) =>
        eb.or([like(column('contacts.name')), like(column('contacts.number'))])
    }
    const name = sql`lower(${sql.ref('contacts.name')})`
    return (eb: ExpressionBuilder<DB, 'contacts'>) => eb.or([like(name), like(sql.ref('contacts.number'))])
  }

  /**
   * The tickets a search finds, when they are few: the ones with a message, a contact name or
   * a number that matches. Rows are read through the trigram indexes where they can narrow the
   * search (each still checked with the exact LIKE), and reading stops after `searchProbeRows`:
   * null then, for a broad search, which is better checked ticket by ticket, newest first.
   * On PostgreSQL the planner's estimates may say so before anything is read (`planMessageSearch`).
   */
  const findSearched = async (search: string): Promise<Searched> => {
    const like = likeSearch(`%${escapeLike(search)}%`)
    const contactMatches = contactMatchesOf(search)
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
    // Joined rather than `in (…)`, so an index is read only as far as the limit needs.
    const query = candidates
      ? bodies
          .innerJoin(sql<{ rowid: number; body: string }>`messages_search`.as('fts'), (join) =>
            join.onRef('fts.rowid', '=', 'messages.id'),
          )
          .where(sql<boolean>`${sql.ref('fts.body')} like ${candidates}`)
          .unionAll(
            (['name', 'number'] as const).map((column) =>
              owners
                .innerJoin(sql<{ rowid: number; name: string; number: string }>`contacts_search`.as('fts'), (join) =>
                  join.onRef('fts.rowid', '=', 'contacts.id'),
                )
                .where(sql<boolean>`${sql.ref(`fts.${column}`)} like ${candidates}`),
            ),
          )
      : bodies.unionAll(owners)
    const rows = await query.limit(searchProbeRows + 1).execute()
    if (rows.length <= searchProbeRows) return [...new Set(rows.map((r) => r.id))]
    return candidates ? findThroughRareTrigram(search) : null
  }

  /**
   * SQLite, for a search found in more messages than the probe reads: the text's LIKE hands
   * the index every trigram of it, and a search such as "ticket 77" then reads the whole
   * entries of "tic", "ick" … (every message) to intersect them. One rare trigram of the text
   * (" 77") has a short entry: when one of the first few looked at is in at most
   * `searchMessageBudget` messages, its messages are read (each checked with the exact LIKE)
   * and the search is listed by ticket id and counted exactly. Null otherwise (broad: checked
   * ticket by ticket), or when the contacts alone match more than the probe reads.
   */
  const findThroughRareTrigram = async (search: string): Promise<Searched> => {
    if (searchMessageBudget === 0) return null
    const chars = [...search]
    const trigrams = [...new Set(chars.slice(2).map((_, i) => chars.slice(i, i + 3).join('')))]
    // Digits and other rarer characters first; at most RARE_TRIGRAM_TRIES entries are counted.
    const common = (trigram: string) => (/^[a-z ]+$/u.test(trigram) ? 1 : 0)
    trigrams.sort((a, b) => common(a) - common(b))
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
    if (rare === undefined) return null
    const like = likeSearch(`%${escapeLike(search)}%`)
    const candidates = trigramPattern(search)!
    const [bodies, owners] = await Promise.all([
      db
        .selectFrom(sql<{ rowid: number }>`messages_search`.as('fts'))
        .innerJoin('messages', 'messages.id', 'fts.rowid')
        .select('messages.ticketId as id')
        .distinct()
        .where(sql<boolean>`messages_search match ${phrase(rare)}`)
        .where(like(sql`lower(${sql.ref('messages.body')})`))
        .execute(),
      db
        .selectFrom('contacts')
        .innerJoin('tickets', 'tickets.contactId', 'contacts.id')
        .select('tickets.id as id')
        .where(contactMatchesOf(search))
        .where((eb) =>
          eb(
            'contacts.id',
            'in',
            eb
              .selectFrom(sql<{ rowid: number; name: string; number: string }>`contacts_search`.as('fts'))
              .select('fts.rowid')
              .where((e) =>
                e.or([
                  sql<boolean>`${sql.ref('fts.name')} like ${candidates}`,
                  sql<boolean>`${sql.ref('fts.number')} like ${candidates}`,
                ]),
              ),
          ),
        )
        .limit(searchProbeRows + 1)
        .execute(),
    ])
    if (owners.length > searchProbeRows) return { messageTickets: [...new Set(bodies.map((r) => r.id))] }
    return [...new Set([...bodies, ...owners].map((r) => r.id))]
  }

  /**
   * `GET /tickets`. Visibility splits into two parts that never overlap: the caller's own
   * tickets, and unassigned pending ones in their queues (or without a queue). Each part is
   * read in index order up to the end of the page and the two are merged, so the first page
   * costs the same however large the desk grows; counts are summed the same way.
   */
  const list = async (actor: Actor, filter: TicketListFilter): Promise<TicketListResponse> => {
    const showAll = filter.showAll && isAdmin(actor)
    const myQueues = showAll ? [] : await queueIdsOf(db, actor.id)
    const search = filter.searchParam.trim().toLowerCase()
    // A search with few matches lists them by id; a broad one is checked ticket by ticket,
    // newest first, so the page stops early (and the count at SEARCH_COUNT_LIMIT).
    const searched = search ? await findSearched(search) : null
    const found = Array.isArray(searched) ? searched : null
    const messageTickets = searched && !Array.isArray(searched) ? searched.messageTickets : null
    if (found?.length === 0) return { tickets: [], hasMore: false, count: 0 }
    // PostgreSQL, tickets listed by id: read by id and then filtered and sorted (see `fenced`).
    const byId = found !== null && dialectOf(db) === 'postgres'
    /** `counting`: the broad search's bounded count, which reads tickets alone (see `counted`). */
    const filters = (eb: TicketEb, counting = false) => {
      const all: Array<Expression<SqlBool>> = []
      if (filter.status) all.push(eb('tickets.status', '=', filter.status))
      if (filter.isGroup !== undefined) all.push(eb('tickets.isGroup', '=', filter.isGroup ? 1 : 0))
      if (filter.withUnreadMessages) all.push(eb('tickets.unreadMessages', '>', 0))
      if (filter.date) {
        all.push(eb('tickets.createdAt', '>=', filter.date.start), eb('tickets.createdAt', '<', filter.date.end))
      }
      if (found) {
        if (!byId) all.push(inIds(db, 'tickets.id', found))
      } else if (search) {
        const like = likeSearch(`%${escapeLike(search)}%`)
        const contactMatches = contactMatchesOf(search, false)
        const start = isStartSearch(search)
        const messageQuery = eb
          .selectFrom('messages')
          .select('messages.id')
          .whereRef('messages.ticketId', '=', 'tickets.id')
          .where(like(loweredBody(db)))
        // Matched by many contacts but few messages: those messages' tickets are already known.
        const messages = (perRow: boolean) =>
          messageTickets
            ? inIds(db, 'tickets.id', messageTickets)
            : eb.exists(perRow ? perTicket(messageQuery) : messageQuery)
        const contact = eb
          .selectFrom('contacts')
          .select('contacts.id')
          .whereRef('contacts.id', '=', 'tickets.contactId')
          .where(contactMatches)
        all.push(
          counting
            ? // Checked ticket by ticket, so the count stops as soon as it has enough; messages
              // first, as a search checked so is broad because of them.
              start
              ? eb.exists(perTicket(contact))
              : eb.or([messages(true), eb.exists(perTicket(contact))])
            : start
              ? contactMatches(eb as unknown as ExpressionBuilder<DB, 'contacts'>)
              : eb.or([contactMatches(eb as unknown as ExpressionBuilder<DB, 'contacts'>), messages(false)]),
        )
      }
      return all
    }
    type Part = (eb: TicketEb) => Array<Expression<SqlBool>>
    // The same scope the dashboard counts (see ticketScope).
    const scopes: Part[] = ticketScope(actor, myQueues, { showAll, queueIds: filter.queueIds }).map(
      (part) => (eb: TicketEb) => part(eb as unknown as TicketsEb),
    )
    // Tickets listed by id are all read anyway: the parts (which never overlap) become one
    // condition, so each is read once for the page and once for the count.
    const oneCondition: Part = (eb) => [eb.or(scopes.map((part) => eb.and(part(eb))))]
    const parts: Part[] = byId && scopes.length > 1 ? [oneCondition] : scopes
    const whereOf = (part: Part) => (eb: TicketEb) => eb.and([...part(eb), ...filters(eb)])
    const offset = (filter.pageNumber - 1) * TICKETS_PAGE_SIZE
    // One row past the page says whether another page follows, without the count.
    // PostgreSQL, tickets listed by id: `offset 0` fences them off, so they are read by id and
    // then filtered and sorted, where the planner would otherwise walk an index of recency or of
    // pending tickets hoping to meet them early, or test each of thousands against the list.
    // `= any` reads the whole list in one scan of the primary key.
    const fenced =
      found && byId
        ? () =>
            db.selectFrom(
              db
                .selectFrom('tickets')
                .selectAll()
                .where(sql<boolean>`${sql.ref('tickets.id')} = any(${[...found]}::int[])`)
                .offset(0)
                .as('tickets'),
            ) as unknown as ReturnType<typeof db.selectFrom<'tickets'>>
        : null
    const page = (part: Part) => {
      if (fenced) {
        const [limit, skip] = parts.length === 1 ? [TICKETS_PAGE_SIZE + 1, offset] : [offset + TICKETS_PAGE_SIZE + 1, 0]
        const ids = fenced()
          .select('tickets.id')
          .where((eb) => eb.and([...part(eb as TicketEb), ...filters(eb as TicketEb)]))
          .orderBy('tickets.updatedAt', 'desc')
          .orderBy('tickets.id', 'desc')
          .limit(limit)
          .offset(skip)
        return ticketQuery(db)
          .where('tickets.id', 'in', ids)
          .orderBy('tickets.updatedAt', 'desc')
          .orderBy('tickets.id', 'desc')
          .execute()
      }
      const query = ticketQuery(db)
        .where(whereOf(part))
        .orderBy('tickets.updatedAt', 'desc')
        .orderBy('tickets.id', 'desc')
      return parts.length === 1
        ? query
            .limit(TICKETS_PAGE_SIZE + 1)
            .offset(offset)
            .execute()
        : query.limit(offset + TICKETS_PAGE_SIZE + 1).execute()
    }
    // A broad search stops counting past `searchCountLimit` (see SEARCH_COUNT_LIMIT).
    const bounded = search !== '' && !found
    // PostgreSQL counts a broad search's parts in one query, which stops at the limit for all of
    // them together rather than for each: the count is the same, as it never goes past the limit.
    const countParts = bounded && dialectOf(db) === 'postgres' && parts.length > 1 ? [oneCondition] : parts
    const counted = async (part: Part) => {
      if (!bounded) {
        // Counting tickets alone (the contact is read only to search) lets an index answer.
        const { n } = await (fenced ? fenced() : db.selectFrom('tickets'))
          .select((eb) => eb.fn.countAll().as('n'))
          .where((eb) => eb.and([...part(eb as TicketEb), ...filters(eb as TicketEb)]))
          .executeTakeFirstOrThrow()
        return Number(n)
      }
      const { n } = await db
        .selectFrom(
          db
            .selectFrom('tickets')
            .select('tickets.id')
            .where((eb) => eb.and([...part(eb as TicketEb), ...filters(eb as TicketEb, true)]))
            .limit(searchCountLimit + 1)
            .as('found'),
        )
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
      return Number(n)
    }
    // Pages and counts together: PostgreSQL runs them on separate connections at once.
    const [pages, counts] = await Promise.all([Promise.all(parts.map(page)), Promise.all(countParts.map(counted))])
    const merged =
      parts.length === 1
        ? pages[0]!
        : pages
            .flat()
            .sort((a, b) => (a.updatedAt === b.updatedAt ? b.id - a.id : a.updatedAt < b.updatedAt ? 1 : -1))
            .slice(offset, offset + TICKETS_PAGE_SIZE + 1)
    const hasMore = merged.length > TICKETS_PAGE_SIZE
    const rows = merged.slice(0, TICKETS_PAGE_SIZE)
    const total = counts.reduce((sum, n) => sum + n, 0)
    // Never fewer than the tickets listed so far (and one more when another page follows).
    const count = bounded
      ? Math.max(Math.min(total, searchCountLimit), offset + rows.length + (hasMore ? 1 : 0))
      : total
    return { tickets: rows.map(toTicket), hasMore, count }
  }

  const get = async (actor: Actor, id: number): Promise<Ticket> => {
    const ticket = await findTicket(db, id)
    if (!ticket) throw notFound()
    if (!(await actorCanSee(db, actor, ticket))) throw noPermission()
    return ticket
  }

  const liveTicketOf = (contactId: number, exceptId?: number) => {
    let query = db
      .selectFrom('tickets')
      .select(['id', 'userId', 'status', 'queueId'])
      .where('contactId', '=', contactId)
      .where('status', 'in', ['open', 'pending'])
    if (exceptId !== undefined) query = query.where('id', '!=', exceptId)
    return query.executeTakeFirst()
  }

  /** The refusal for a second live ticket, naming the live one when the caller may open it. */
  const otherOpen = async (actor: Actor, contactId: number, exceptId: number | undefined, status: 400 | 409) => {
    const live = await liveTicketOf(contactId, exceptId)
    return new OtherOpenTicketError(live && (await actorCanSee(db, actor, live)) ? live.id : undefined, status)
  }

  /**
   * `POST /tickets`: a new ticket for a contact with a number, on the caller's default connection.
   * When the contact already has a live ticket the refusal names it if the caller may see it,
   * so the app can open that one instead. The read is a courtesy; the database's one-live-ticket
   * index decides when two requests (or two server processes) race.
   */
  const create = async (actor: Actor, input: { contactId: number; status: TicketStatus }): Promise<Ticket> => {
    const contact = await db.selectFrom('contacts').selectAll().where('id', '=', input.contactId).executeTakeFirst()
    if (!contact) throw new AppError('ERR_NO_CONTACT_FOUND', 404)
    if (!contact.number) throw new AppError('ERR_WAPP_INVALID_CONTACT', 400)
    const live = await liveTicketOf(contact.id)
    if (live) throw new OtherOpenTicketError((await actorCanSee(db, actor, live)) ? live.id : undefined)
    const own = await db
      .selectFrom('users')
      .innerJoin('whatsapps', 'whatsapps.id', 'users.whatsappId')
      .select('whatsapps.id')
      .where('users.id', '=', actor.id)
      .executeTakeFirst()
    const connection =
      own ?? (await db.selectFrom('whatsapps').select('id').where('isDefault', '=', 1).executeTakeFirst())
    if (!connection) throw new AppError('ERR_NO_DEF_WAPP_FOUND', 404)
    const status = input.status === 'closed' ? 'open' : input.status
    const now = nowIso()
    const created = await insertLiveTicket(db, {
      status,
      contactId: contact.id,
      userId: status === 'open' ? actor.id : null,
      queueId: null,
      whatsappId: connection.id,
      isGroup: contact.isGroup,
      lastMessage: null,
      unreadMessages: 0,
      queueMenuSent: 0,
      createdAt: now,
      updatedAt: now,
    })
    if (!created) throw await otherOpen(actor, contact.id, undefined, 400)
    const ticket = (await findTicket(db, created.id))!
    await announce(ticket)
    return ticket
  }

  /**
   * Closes a ticket (keeping or setting its user) if it still is as `expected`, and only then
   * announces it and sends the connection's farewell; undefined when someone changed it first.
   */
  const closeTicket = async (
    before: Ticket,
    userId: number | null,
    expected: Expected,
  ): Promise<Ticket | undefined> => {
    if (!(await moveTicket(db, before.id, expected, { status: 'closed', userId }))) return undefined
    const closed = (await findTicket(db, before.id))!
    await announce(closed, before)
    const farewell =
      closed.whatsappId !== null
        ? (
            await db
              .selectFrom('whatsapps')
              .select('farewellMessage')
              .where('id', '=', closed.whatsappId)
              .executeTakeFirst()
          )?.farewellMessage
        : null
    if (farewell?.trim() && !closed.isGroup) {
      await messages.deliver(closed, { body: fillTemplate(farewell, { name: closed.contact.name }), userId: null })
    }
    return (await findTicket(db, before.id))!
  }

  const checkReferences = async (actor: Actor, current: Ticket, input: TicketUpdateData) => {
    if (input.userId != null) {
      const user = await db.selectFrom('users').select('id').where('id', '=', input.userId).executeTakeFirst()
      if (!user) throw new AppError('ERR_NO_USER_FOUND', 404)
    }
    if (input.queueId != null) {
      const queue = await db.selectFrom('queues').select('id').where('id', '=', input.queueId).executeTakeFirst()
      if (!queue) throw fieldError('queueId', 'validation.invalid')
    }
    if (input.whatsappId !== undefined && input.whatsappId !== current.whatsappId) {
      if (!isAdmin(actor)) throw noPermission()
      const found = await db.selectFrom('whatsapps').select('id').where('id', '=', input.whatsappId).executeTakeFirst()
      if (!found) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    }
  }

  /**
   * A request to take the ticket or look at it waiting (accept, reopen, view) while someone
   * else holds it open: their accept or reopen won the race, whichever read came first.
   */
  const lostTo = (actor: Actor, current: Ticket, input: TicketUpdateData) =>
    current.status === 'open' &&
    current.userId !== null &&
    current.userId !== actor.id &&
    input.queueId === undefined &&
    input.whatsappId === undefined &&
    (input.status === 'open' || (input.status === 'pending' && input.userId !== null))

  /**
   * `PUT /tickets/:id`: accept, view, return, resolve, reopen or transfer (see the contract).
   * Every change is a conditional write against the ticket as it was read (status, user, queue
   * and connection): when two people race, one wins and the other gets 409 `ERR_TICKET_CHANGED`,
   * with no farewell, notice or event on their side. Bringing a ticket back to life while the
   * contact has another live one on the connection is 409 `ERR_OTHER_OPEN_TICKET`.
   */
  const update = async (actor: Actor, id: number, input: TicketUpdateData): Promise<Ticket> => {
    const current = await findTicket(db, id)
    if (!current) throw notFound()
    if (lostTo(actor, current, input)) throw ticketChanged()
    if (!(await actorCanSee(db, actor, current))) throw noPermission()
    const transition = describeTicketUpdate(current.status, input)
    // Only a transfer names someone else; the other transitions assign the caller.
    if (transition === 'transfer') await checkReferences(actor, current, input)
    const same: TicketState = {
      status: current.status,
      userId: current.userId,
      queueId: current.queueId,
      whatsappId: current.whatsappId,
    }
    if (transition === 'resolve') {
      if (current.status === 'closed') return current
      const closed = await closeTicket(current, actor.id, same)
      if (!closed) throw ticketChanged()
      return closed
    }

    let next: TicketState
    switch (transition) {
      case 'accept':
      case 'reopen':
        next = { ...same, status: 'open', userId: actor.id }
        break
      case 'return':
        next = { ...same, status: 'pending', userId: null }
        break
      case 'view':
        // Looking at a pending ticket changes nothing; asking for pending on another one returns it.
        next = current.status === 'pending' ? same : { ...same, status: 'pending', userId: null }
        break
      default: {
        const queueId = input.queueId === undefined ? current.queueId : input.queueId
        const whatsappId = input.whatsappId ?? current.whatsappId
        if (input.queueId != null && input.userId == null) {
          next = { status: 'pending', userId: null, queueId, whatsappId }
        } else {
          const userId = input.userId === undefined ? current.userId : input.userId
          const status = input.status ?? (current.status === 'closed' ? 'open' : current.status)
          next = { status: userId === null && status === 'open' ? 'pending' : status, userId, queueId, whatsappId }
        }
      }
    }
    if (
      next.status === same.status &&
      next.userId === same.userId &&
      next.queueId === same.queueId &&
      next.whatsappId === same.whatsappId
    ) {
      return current
    }
    const revives = current.status === 'closed' && next.status !== 'closed'
    // A courtesy for the common case (any connection, as POST /tickets); the index decides races.
    if (revives && (await liveTicketOf(current.contactId, id))) throw await otherOpen(actor, current.contactId, id, 409)
    try {
      if (!(await moveTicket(db, id, same, next))) throw ticketChanged()
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      throw await otherOpen(actor, current.contactId, id, 409)
    }
    const updated = (await findTicket(db, id))!
    await announce(updated, current)
    if (transition === 'transfer' && (next.queueId !== same.queueId || next.userId !== same.userId)) {
      const queue = next.queueId !== same.queueId ? (updated.queue?.name ?? null) : null
      const user = next.userId !== same.userId ? (updated.user?.name ?? null) : null
      if (queue || user) await messages.deliver(updated, { body: transferNotice(queue, user), userId: null })
    }
    return (await findTicket(db, id))!
  }

  const remove = async (actor: Actor, id: number): Promise<void> => {
    if (!isAdmin(actor)) throw noPermission()
    const ticket = await findTicket(db, id)
    if (!ticket) throw notFound()
    const sight = await sightOf(db, ticket)
    await db.deleteFrom('messages').where('ticketId', '=', id).execute()
    await db.deleteFrom('tickets').where('id', '=', id).execute()
    publisher.ticket({ action: 'delete', ticketId: id }, sight)
  }

  /**
   * Closes each ticket that is still open (and still the caller's, or still idle) when its turn
   * comes, each with one conditional write; a ticket someone else moved meanwhile is skipped,
   * and so is its farewell.
   */
  const closeMany = async (ids: number[], expected: Omit<Expected, 'status'>) => {
    let closed = 0
    for (const id of ids) {
      const ticket = await findTicket(db, id)
      if (ticket?.status !== 'open') continue
      if (await closeTicket(ticket, ticket.userId, { userId: ticket.userId, ...expected, status: 'open' })) closed += 1
    }
    return closed
  }

  /** `POST /ticketsClosed/`: the caller's open tickets (every open ticket for an admin with show-all). */
  const closeAll = async (actor: Actor, showAll: boolean): Promise<{ closed: number }> => {
    const everyone = showAll && isAdmin(actor)
    let query = db.selectFrom('tickets').select('id').where('status', '=', 'open')
    if (!everyone) query = query.where('userId', '=', actor.id)
    const ids = (await query.execute()).map((r) => r.id)
    return { closed: await closeMany(ids, everyone ? {} : { userId: actor.id }) }
  }

  /** Closes open tickets without activity for longer than `hours` (one that just got a message stays open). */
  const closeIdle = async (hours: number, now = Date.now()): Promise<number> => {
    const cutoff = new Date(now - hours * 3_600_000).toISOString()
    const rows = await db
      .selectFrom('tickets')
      .select('id')
      .where('status', '=', 'open')
      .where('updatedAt', '<', cutoff)
      .orderBy('updatedAt')
      .limit(500)
      .execute()
    return closeMany(
      rows.map((r) => r.id),
      { idleSince: cutoff },
    )
  }

  return { list, get, create, update, remove, closeAll, closeIdle }
}

export type TicketsService = ReturnType<typeof createTicketsService>
