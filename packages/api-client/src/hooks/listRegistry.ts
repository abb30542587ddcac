import { useEffect } from 'react'
import type { JobListFilter } from './jobRules'
import type { TicketListParams } from './ticketRules'

/** A loaded infinite list in the cache, with what it was made for, so live events can reach it. */
export type CachedList =
  | { kind: 'tickets'; params: TicketListParams }
  | { kind: 'messages'; ticketId: number }
  | { kind: 'contacts'; searchParam: string }
  | { kind: 'quickAnswers'; searchParam: string }
  | { kind: 'users'; searchParam: string }
  | { kind: 'jobs'; filter: JobListFilter }
  | { kind: 'jobRecipients'; jobId: number; state: string }

/**
 * The infinite lists on screen, by serialized SWR key. Each mounted hook holds its key; the key
 * goes when the last hook holding it unmounts, so a search typed once is not followed for good.
 * Iterating gives `[key, list]` pairs.
 */
export class ListRegistry {
  readonly #entries = new Map<string, { list: CachedList; holders: number }>()

  /** Holds `key` until the returned function is called. */
  hold(key: string, list: CachedList): () => void {
    const entry = this.#entries.get(key)
    if (entry) {
      entry.holders += 1
      entry.list = list
    } else this.#entries.set(key, { list, holders: 1 })
    let released = false
    return () => {
      const current = this.#entries.get(key)
      if (released || !current) return
      released = true
      current.holders -= 1
      if (current.holders <= 0) this.#entries.delete(key)
    }
  }

  has(key: string): boolean {
    return this.#entries.has(key)
  }

  get size(): number {
    return this.#entries.size
  }

  *[Symbol.iterator](): IterableIterator<[string, CachedList]> {
    for (const [key, { list }] of this.#entries) yield [key, list]
  }

  /** The lists of one kind, typed by it. */
  ofKind<K extends CachedList['kind']>(kind: K): [string, Extract<CachedList, { kind: K }>][] {
    return [...this].filter((entry): entry is [string, Extract<CachedList, { kind: K }>] => entry[1].kind === kind)
  }
}

/**
 * Registers the list under `key` while the calling component is mounted (`null`: nothing to register).
 * `signature` says when `list` changed in a way that matters (it is compared as text).
 */
export function useRegisteredList(registry: ListRegistry, key: string | null, list: CachedList) {
  const signature = JSON.stringify(list)
  // biome-ignore lint/correctness/useExhaustiveDependencies: `signature` stands for `list`.
  useEffect(() => (key === null ? undefined : registry.hold(key, list)), [registry, key, signature])
}
