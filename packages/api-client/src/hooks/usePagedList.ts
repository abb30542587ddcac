import { useCallback, useMemo, useRef } from 'react'
import useSWRInfinite, { unstable_serialize } from 'swr/infinite'
import type { ApiError } from '../client'
import { useApiContext } from './context'
import { flattenPages } from './entityRules'
import { useRegisteredList } from './listRegistry'

type Page = { hasMore: boolean; count?: number }

/**
 * An infinite list searched on the server (contacts, quick answers): a new search starts again
 * from page 1; the list is registered so live events reach it.
 */
export function usePagedList<P extends Page, T extends { id: number }>(options: {
  kind: 'contacts' | 'quickAnswers'
  searchParam: string
  key: (searchParam: string, pageNumber: number) => readonly [string, string, number]
  fetch: (searchParam: string, pageNumber: number) => Promise<P>
  items: (page: P) => T[]
  /**
   * While a new search loads, keep showing what the last one found (a list of suggestions that follows each
   * key typed): emptied between the two, the list is drawn again under the pointer and a click is lost.
   */
  keepWhileSearching?: boolean
}) {
  const { lists } = useApiContext()
  const { kind, searchParam, key } = options
  const fetchRef = useRef(options.fetch)
  fetchRef.current = options.fetch
  const itemsRef = useRef(options.items)
  itemsRef.current = options.items
  const getKey = useCallback(
    (index: number, previous: P | null) => (previous && !previous.hasMore ? null : key(searchParam, index + 1)),
    [searchParam, key],
  )
  useRegisteredList(lists, unstable_serialize(getKey), { kind, searchParam })

  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<P, ApiError>(
    getKey,
    ([, search, pageNumber]: readonly [string, string, number]) => fetchRef.current(search, pageNumber),
    { keepPreviousData: options.keepWhileSearching ?? false },
  )

  const items = useMemo(() => flattenPages((data ?? []).map((p) => itemsRef.current(p))), [data])
  const hasMore = data ? (data[data.length - 1]?.hasMore ?? false) : false
  const isLoadingMore = !isLoading && size > 0 && data !== undefined && data[size - 1] === undefined && !error
  const loadMore = useCallback(() => {
    // After a failure the next page waits for a retry (`reload`), which asks again for the page that failed.
    if (hasMore && !isLoadingMore && !isLoading && !error) void setSize((s) => s + 1)
  }, [hasMore, isLoadingMore, isLoading, error, setSize])
  return { items, count: data?.[0]?.count, hasMore, isLoading, isLoadingMore, error, loadMore, reload: () => mutate() }
}
