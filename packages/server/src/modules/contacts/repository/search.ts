import { contactSearchDigits, isStartSearch } from '@desk/api-client'
import { sql } from 'kysely'
import { type Db, dialectOf } from '../../../db'
import { inIds } from '../../../db/dialect'
import { containsPattern, likeEscaped, prefixPattern } from '../../../db/expressions'
import { trigramPattern } from '../../tickets/service'

export interface ContactSearch {
  /** Lower-case, trimmed; empty lists every contact. */
  search: string
  offset: number
  pageSize: number
  /** Matches (SQLite: candidates) past which a search reads contacts in name order. */
  probeRows: number
  /** Matches a search counts at most. */
  countLimit: number
}

/**
 * SQLite: the contacts a search may find, read from the trigram index of names and numbers
 * (migration 0005) and the contacts that have an e-mail (a partial index, 0007), so a search
 * no longer reads every contact; the exact LIKEs still decide. Null when a part of the
 * search is too short for the index (then every contact is read, as before).
 */
const sqliteCandidates = (db: Db, search: string, digits: string | null) => {
  if (dialectOf(db) !== 'sqlite') return null
  const loose = trigramPattern(search)
  const looseDigits = digits ? trigramPattern(digits) : null
  if (!loose || (digits && !looseDigits)) return null
  const fts = (column: 'name' | 'number', value: string) =>
    db
      .selectFrom(sql<{ rowid: number; name: string; number: string }>`contacts_search`.as('fts'))
      .select('fts.rowid as id')
      .where(sql<boolean>`${sql.ref(`fts.${column}`)} like ${value}`)
  // `union all`, so reading stops at the probe's limit (an id found twice is harmless).
  return fts('name', loose)
    .unionAll(fts('number', loose))
    .$if(looseDigits !== null, (q) => q.unionAll(fts('number', looseDigits!)))
    .unionAll(db.selectFrom('contacts').select('contacts.id').where('contacts.email', 'is not', null))
}

/**
 * One page of contacts by name: every contact, or those whose name, number or e-mail holds the
 * search. Answers the page's rows, whether another page follows, and the number of matches
 * counted (a search stops counting past `countLimit`).
 */
export const searchContacts = async (db: Db, { search, offset, pageSize, probeRows, countLimit }: ContactSearch) => {
  let base = db.selectFrom('contacts')
  if (search && isStartSearch(search)) {
    // One or two characters match the start of a name, number or e-mail (see isStartSearch),
    // through migration 0009's indexes; SQLite uses them only for bare columns (its LIKE
    // ignores ASCII case, and its lower() folds only ASCII: the same test).
    const pattern = prefixPattern(search)
    const sqlite = dialectOf(db) === 'sqlite'
    const starts = (indexed: boolean) =>
      base.where(({ or }) =>
        or(
          (['contacts.name', 'contacts.number', 'contacts.email'] as const).map((column) => {
            const value = sqlite || column === 'contacts.number' ? sql.ref(column) : sql`lower(${sql.ref(column)})`
            // `+column` keeps SQLite off the index, to walk the names in order instead.
            return likeEscaped(indexed ? sql`${value}` : sql`+${value}`, pattern)
          }),
        ),
      )
    if (!sqlite) base = starts(true)
    else {
      // Few matches are listed from the indexes; many, by walking the names in order.
      const few = await starts(true)
        .select('contacts.id')
        .limit(probeRows + 1)
        .execute()
      base = few.length <= probeRows ? starts(true) : starts(false)
    }
  } else if (search) {
    const pattern = containsPattern(search)
    // A number typed with its formatting ("+55 13 9123") is matched by its digits.
    const digits = contactSearchDigits(search)
    // SQLite's lower() folds ASCII only, which its LIKE already ignores the case of: the same
    // test without a lowered copy of every value (about a third less work on a full read).
    const folded = (column: 'contacts.name' | 'contacts.email') =>
      dialectOf(db) === 'sqlite' ? sql`${sql.ref(column)}` : sql`lower(${sql.ref(column)})`
    base = base.where(({ or }) =>
      or([
        likeEscaped(folded('contacts.name'), pattern),
        likeEscaped(sql`${sql.ref('contacts.number')}`, pattern),
        likeEscaped(folded('contacts.email'), pattern),
        ...(digits ? [sql<boolean>`${sql.ref('contacts.number')} like ${`%${digits}%`}`] : []),
      ]),
    )
    // Few candidates are listed by id; past probeRows reading every contact costs less.
    const candidates = await sqliteCandidates(db, search, digits)
      ?.limit(probeRows + 1)
      .execute()
    if (candidates && candidates.length <= probeRows) {
      const ids = [...new Set(candidates.map((r) => r.id))]
      base = base.where(inIds(db, 'contacts.id', ids))
    }
  }
  /** How many contacts match, when they were all read already (few, listed by id). */
  let matched: number | undefined
  if (search && dialectOf(db) === 'postgres') {
    // Few matches (read through the trigram or start indexes) are listed by id: walking the
    // names in order until the page is full would assume matches spread along the alphabet,
    // and "customer 77" sits in one stretch of it.
    const few = await base
      .select('contacts.id')
      .limit(probeRows + 1)
      .execute()
    if (few.length <= probeRows) {
      const ids = few.map((r) => r.id)
      matched = ids.length
      // `offset 0` fences the ids off: planned on their own, they are read by id (`= any`: in
      // one scan of the primary key) and sorted, where the planner would otherwise walk the
      // name index for them.
      base = db.selectFrom(
        db
          .selectFrom('contacts')
          .selectAll()
          .where(sql<boolean>`${sql.ref('contacts.id')} = any(${ids}::int[])`)
          .offset(0)
          .as('contacts'),
      ) as unknown as typeof base
    }
  }
  // The list and its searches stop counting past countLimit (counting 100,000 contacts read them all on
  // every page, 5–7 ms on PostgreSQL).
  const counted = async () =>
    matched !== undefined
      ? { n: matched }
      : db
          .selectFrom(
            base
              .select('contacts.id')
              .limit(countLimit + 1)
              .as('found'),
          )
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
  // Count and page together: PostgreSQL runs them on separate connections at once. One row
  // past the page says whether another follows.
  const [{ n }, read] = await Promise.all([
    counted(),
    base
      .selectAll()
      .orderBy('name')
      .orderBy('id')
      .limit(pageSize + 1)
      .offset(offset)
      .execute(),
  ])
  return { rows: read.slice(0, pageSize), hasMore: read.length > pageSize, counted: Number(n) }
}
