/** Live-event rules shared by the plain entity lists (contacts, queues, quick answers). */

type WithId = { id: number }
export type EntityChange<T extends WithId> = { action: 'create' | 'update'; item: T } | { action: 'delete'; id: number }

/**
 * Applies a create, update or delete to the loaded pages of an infinite list held under
 * `field`: an update replaces in place (or removes when it no longer matches the search),
 * a new or newly matching item goes on top, a delete removes by id. `merge` makes the
 * replacement from the loaded item and the event's (by default the event's as it is).
 */
export function applyEntityToPages<T extends WithId, F extends string, P extends { [K in F]: T[] }>(
  pages: P[] | undefined,
  field: F,
  change: EntityChange<T>,
  matches: (item: T) => boolean,
  merge: (loaded: T, next: T) => T = (_, next) => next,
): P[] | undefined {
  if (!pages?.length) return pages
  const list = (page: P) => page[field] as T[]
  const set = (page: P, items: T[]) => ({ ...page, [field]: items }) as P
  if (change.action === 'delete')
    return pages.map((p) =>
      set(
        p,
        list(p).filter((x) => x.id !== change.id),
      ),
    )
  const { item } = change
  const loaded = pages.some((p) => list(p).some((x) => x.id === item.id))
  const visible = matches(item)
  if (loaded) {
    return pages.map((p) =>
      set(
        p,
        visible ? list(p).map((x) => (x.id === item.id ? merge(x, item) : x)) : list(p).filter((x) => x.id !== item.id),
      ),
    )
  }
  if (!visible) return pages
  const [first, ...rest] = pages
  return [set(first, [item, ...list(first)]), ...rest]
}

/** The same rules for a plain array (queues), kept sorted by `sortKey` when given. */
export function applyEntityToList<T extends WithId>(
  list: T[] | undefined,
  change: EntityChange<T>,
  sortKey?: (item: T) => string,
): T[] | undefined {
  if (!list) return list
  if (change.action === 'delete') return list.filter((x) => x.id !== change.id)
  const next = list.some((x) => x.id === change.item.id)
    ? list.map((x) => (x.id === change.item.id ? change.item : x))
    : [...list, change.item]
  return sortKey ? next.sort((a, b) => sortKey(a).localeCompare(sortKey(b))) : next
}

/** Every loaded item once, in page order. */
export const flattenPages = <T extends WithId>(pages: T[][]): T[] => {
  const seen = new Set<number>()
  return pages.flat().filter((x) => !seen.has(x.id) && seen.add(x.id))
}

export { contactMatches, quickAnswerMatches } from '../rules'
