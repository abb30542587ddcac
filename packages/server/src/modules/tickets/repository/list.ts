import { isStartSearch, TICKETS_PAGE_SIZE, type TicketListFilter, type TicketListResponse } from '@desk/api-client'
import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely'
import type { DB, Db } from '../../../db'
import { dialectOf } from '../../../db/dialect'
import { escapeLike, inIds, likeSearch, perRow } from '../../../db/expressions'
import { runPrepared } from '../../../db/prepared'
import { tagsOfContacts } from '../../tags/repository'
import { type ScopePart, type TicketsEb, ticketQuery, toTicket } from './rows'
import { contactMatchesOf, loweredBody, type Searched } from './search'

type TicketEb = ExpressionBuilder<DB, 'tickets' | 'contacts'>

export interface TicketPageQuery {
  /** The caller's visibility (see `ticketScope`): parts that never overlap. */
  scope: ScopePart[]
  filter: TicketListFilter
  /** The search, trimmed and in lower case ('' for none). */
  search: string
  /** What `findSearched` learnt of it (null without a search). */
  searched: Searched
  /** Tickets a broad search counts at most (SEARCH_COUNT_LIMIT). */
  searchCountLimit: number
  /** Tickets a list without a search counts at most (TICKET_COUNT_LIMIT). */
  listCountLimit: number
}

/**
 * One page of `GET /tickets`. Visibility splits into two parts that never overlap: the caller's
 * own tickets, and unassigned pending ones in their queues (or without a queue). Each part is
 * read in index order up to the end of the page and the two are merged, so the first page
 * costs the same however large the desk grows; counts are summed the same way.
 */
export const listTickets = async (
  db: Db,
  { scope, filter, search, searched, searchCountLimit, listCountLimit }: TicketPageQuery,
): Promise<TicketListResponse> => {
  const perTicket = <Q extends { offset(n: number): Q }>(query: Q): Q => perRow(db, query)
  // A search with few matches lists them by id; a broad one is checked ticket by ticket,
  // newest first, so the page stops early (and the count at SEARCH_COUNT_LIMIT).
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
    if (filter.tagIds.length) {
      // The contact carries any of these tags.
      all.push(
        eb.exists(
          eb
            .selectFrom('contact_tags')
            .select('contact_tags.contactId')
            .whereRef('contact_tags.contactId', '=', 'tickets.contactId')
            .where(inIds(db, 'contact_tags.tagId', filter.tagIds)),
        ),
      )
    }
    if (filter.date) {
      all.push(eb('tickets.createdAt', '>=', filter.date.start), eb('tickets.createdAt', '<', filter.date.end))
    }
    // Tickets listed by id are read from the list itself (see `fenced` and `listed` below).
    if (!found && search) {
      const like = likeSearch(`%${escapeLike(search)}%`)
      const contactMatches = contactMatchesOf(db, search, false)
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
  const scopes: Part[] = scope.map((part) => (eb: TicketEb) => part(eb as unknown as TicketsEb))
  // Tickets listed by id are all read anyway: the parts (which never overlap) become one
  // condition, so each is read once for the page and once for the count.
  const oneCondition: Part = (eb) => [eb.or(scopes.map((part) => eb.and(part(eb))))]
  const parts: Part[] = found && scopes.length > 1 ? [oneCondition] : scopes
  const whereOf = (part: Part) => (eb: TicketEb) => eb.and([...part(eb), ...filters(eb)])
  const offset = (filter.pageNumber - 1) * TICKETS_PAGE_SIZE
  if (!found && !search) {
    const { rows, count } = await plainPage(db, parts.map(whereOf), offset, listCountLimit)
    return withTags(db, rows, count)
  }
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
              .offset(sql.lit(0))
              .as('tickets'),
          ) as unknown as ReturnType<typeof db.selectFrom<'tickets'>>
      : null
  // SQLite, tickets listed by id: read from the list, each ticket by its key; `cross join` keeps that
  // order, where the planner would otherwise walk an index of the caller's visibility and test each entry
  // against the list (an agent's search in 1% of 100,000 tickets: 1.8 ms a page and as much a count, 0.2
  // each so).
  const listed =
    found && !byId
      ? () =>
          db
            .selectFrom(sql<{ value: number }>`json_each(${JSON.stringify(found)})`.as('found'))
            .crossJoin('tickets')
            .whereRef('tickets.id', '=', 'found.value') as unknown as ReturnType<typeof db.selectFrom<'tickets'>>
      : null
  const page = (part: Part) => {
    if (found) {
      // SQLite, tickets listed by id: the page's ids first, from tickets alone, so only the page's
      // rows are joined with their contact, user, queue and connection (not every ticket found).
      const [limit, skip] = parts.length === 1 ? [TICKETS_PAGE_SIZE + 1, offset] : [offset + TICKETS_PAGE_SIZE + 1, 0]
      const ids = newestFirst(
        listed!()
          .select('tickets.id')
          .where((eb) => whereOf(part)(eb as TicketEb)),
      )
        .limit(limit)
        .offset(skip)
      return newestFirst(ticketQuery(db).where('tickets.id', 'in', ids)).execute()
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
      const query = (fenced ?? listed)?.() ?? db.selectFrom('tickets')
      const counting = query
        .select((eb) => eb.fn.countAll().as('n'))
        .where((eb) => eb.and([...part(eb as TicketEb), ...filters(eb as TicketEb)]))
      const [{ n }] = fenced ? await runPrepared(db, counting) : [await counting.executeTakeFirstOrThrow()]
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
  if (fenced && parts.length === 1) {
    // PostgreSQL, tickets listed by id: the page and its count in one prepared statement, the count a
    // column of each row: one round trip rather than two, each on a connection of its own with its plan
    // mode to set. An empty page past the first counts on its own.
    // Prepared with one plan for every list of ids (see `runPrepared`): planned anew, the join over a
    // thousand ids cost as much as running it.
    const where = (eb: TicketEb) => eb.and([...parts[0]!(eb), ...filters(eb)])
    // The visible ones among the ids, read once for both (each id looked up once, not once for the page
    // and again for the count).
    const withVisible = db.with('visible', () =>
      fenced()
        .select(['tickets.id', 'tickets.updatedAt'])
        .where((eb) => where(eb as TicketEb)),
    ) as unknown as Db
    const visible = sql.table('visible')
    const pageIds = sql<number>`(select ${sql.ref('visible.id')} from ${visible}
      order by ${sql.ref('visible.updatedAt')} desc, ${sql.ref('visible.id')} desc
      limit ${sql.lit(TICKETS_PAGE_SIZE + 1)} offset ${sql.lit(offset)})`
    const rows = await runPrepared(
      db,
      newestFirst(
        ticketQuery(withVisible)
          .select(sql<number | string>`(select count(*) from ${visible})`.as('total'))
          .where('tickets.id', 'in', pageIds),
      ),
    )
    const count = rows.length ? Number(rows[0]!.total) : offset === 0 ? 0 : await counted(parts[0]!)
    return withTags(db, rows, count)
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
  const count = bounded ? Math.max(Math.min(total, searchCountLimit), offset + rows.length + (hasMore ? 1 : 0)) : total
  return withTags(db, merged.slice(0, TICKETS_PAGE_SIZE + 1), count)
}

type TicketRow = Awaited<ReturnType<ReturnType<typeof ticketQuery>['execute']>>[number]

/** The page's tickets, each with its contact's tags (read in one query), and the count. */
const withTags = async (db: Db, rows: TicketRow[], count: number): Promise<TicketListResponse> => {
  const hasMore = rows.length > TICKETS_PAGE_SIZE
  const shown = rows.slice(0, TICKETS_PAGE_SIZE)
  const tags = await tagsOfContacts(
    db,
    shown.map((r) => r.contactId),
  )
  return { tickets: shown.map((r) => toTicket(r, { tags: tags.get(r.contactId) ?? [] })), hasMore, count }
}

/** Newest first; the id breaks ties. */
const newestFirst = <Q extends { orderBy(ref: 'tickets.updatedAt' | 'tickets.id', order: 'desc'): Q }>(query: Q) =>
  query.orderBy('tickets.updatedAt', 'desc').orderBy('tickets.id', 'desc')

/**
 * A list without a search, the page (one row past it, for `hasMore`) and its count in one
 * prepared statement (see `runPrepared`), whatever the number of visibility parts: the count is the
 * sum of each part's count (they never overlap), read as scalar subqueries, each from an index
 * that holds every column its conditions read (migration 0034), without visiting tickets, and each
 * stopping at `limit` entries: exact below it, `limit` reads "this many or more" (TICKET_COUNT_LIMIT;
 * counting 100,000 open tickets read 100,000 index entries on every page, 5–7 ms). With
 * several parts, each part's newest tickets up to the end of the page are read through its own
 * index and only those are merged and sorted. Limit and offset are written into the text, so the
 * plan PostgreSQL keeps for the statement is made for them. An empty page past the first (nothing
 * to carry the count) counts in a statement of its own.
 */
const plainPage = async (
  db: Db,
  parts: Array<(eb: TicketEb) => Expression<SqlBool>>,
  offset: number,
  limit: number,
): Promise<{ rows: TicketRow[]; count: number }> => {
  const countOf = (where: (eb: TicketEb) => Expression<SqlBool>) =>
    db
      .selectFrom(
        db
          .selectFrom('tickets')
          .select(sql.lit(1).as('one'))
          .where((eb) => where(eb as TicketEb))
          .limit(sql.lit(limit))
          .as('counted'),
      )
      .select((eb) => eb.fn.countAll().as('n'))
  const total = sql<number | string>`${sql.join(
    parts.map((where) => sql`(${countOf(where)})`),
    sql` + `,
  )}`
  const base = ticketQuery(db).select(total.as('total'))
  const page =
    parts.length === 1
      ? base.where(parts[0]!).limit(sql.lit(TICKETS_PAGE_SIZE + 1))
      : base
          .where(
            sql<boolean>`${sql.ref('tickets.id')} in (${sql.join(
              parts.map(
                (where, i) =>
                  sql`select ${sql.ref(`part${i}.id`)} from (${newestFirst(
                    db
                      .selectFrom('tickets')
                      .select('tickets.id')
                      .where((eb) => where(eb as TicketEb)),
                  ).limit(sql.lit(offset + TICKETS_PAGE_SIZE + 1))}) as ${sql.id(`part${i}`)}`,
              ),
              sql` union all `,
            )})`,
          )
          .limit(sql.lit(TICKETS_PAGE_SIZE + 1))
  const rows = await runPrepared(db, newestFirst(page).offset(sql.lit(offset)))
  if (rows.length) return { rows, count: Math.min(Number(rows[0]!.total), limit) }
  if (offset === 0) return { rows, count: 0 }
  const counts = await Promise.all(parts.map((where) => countOf(where).executeTakeFirstOrThrow()))
  return {
    rows,
    count: Math.min(
      counts.reduce((sum, { n }) => sum + Number(n), 0),
      limit,
    ),
  }
}
