import { useCallback, useEffect, useMemo, useRef } from 'react'
import useSWR from 'swr'
import useSWRInfinite, { unstable_serialize } from 'swr/infinite'
import type { ApiError } from '../client'
import type { User, UserCreateRequest, UserListResponse, UserUpdateRequest } from '../contract'
import { keys } from './cache'
import { useApiContext, useSession } from './context'
import { useRegisteredList } from './listRegistry'
import { useCacheUpdaters } from './useCacheUpdaters'

export interface UseUsersOptions {
  /** Filters by name and e-mail on the server; a change starts again from page 1. */
  searchParam?: string
}

export interface UseUsersResult {
  users: User[]
  hasMore: boolean
  /** First page on its way. */
  isLoading: boolean
  /** A further page on its way. */
  isLoadingMore: boolean
  error: ApiError | undefined
  /** Asks for the next page (20 users) when there is one and none is on its way. */
  loadMore(): void
  /** Reloads every loaded page. */
  reload(): Promise<unknown>
}

type UsersKey = ReturnType<typeof keys.users>

/** The users list, 20 a page, with infinite loading. */
export function useUsers({ searchParam = '' }: UseUsersOptions = {}): UseUsersResult {
  const { client, lists } = useApiContext()
  const getKey = useCallback(
    (index: number, previous: UserListResponse | null): UsersKey | null =>
      previous && !previous.hasMore ? null : keys.users(searchParam, index + 1),
    [searchParam],
  )
  useRegisteredList(lists, unstable_serialize(getKey), { kind: 'users', searchParam })

  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<UserListResponse, ApiError>(
    getKey,
    ([, search, pageNumber]: UsersKey) => client.users.list({ searchParam: search, pageNumber }),
  )

  // A new search starts from the first page, even if that search was scrolled before.
  const lastSearch = useRef(searchParam)
  useEffect(() => {
    if (lastSearch.current === searchParam) return
    lastSearch.current = searchParam
    void setSize(1)
  }, [searchParam, setSize])

  const users = useMemo(() => {
    const seen = new Set<number>()
    return (data ?? []).flatMap((page) => page.users).filter((u) => !seen.has(u.id) && seen.add(u.id))
  }, [data])
  const hasMore = data ? (data[data.length - 1]?.hasMore ?? false) : false
  const isLoadingMore = !isLoading && size > 0 && data !== undefined && data[size - 1] === undefined && !error

  const loadMore = useCallback(() => {
    // After a failure the next page waits for a retry (`reload`), which asks again for the page that failed.
    if (hasMore && !isLoadingMore && !isLoading && !error) void setSize((s) => s + 1)
  }, [hasMore, isLoadingMore, isLoading, error, setSize])

  return { users, hasMore, isLoading, isLoadingMore, error, loadMore, reload: () => mutate() }
}

/** One user by id (`null` waits). */
export function useUser(id: number | null | undefined) {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<User, ApiError>(id ? keys.user(id) : null, () =>
    client.users.get(id!),
  )
  return { user: data, error, isLoading, reload: () => mutate() }
}

/** Create, update and delete users; the cache follows without waiting for the socket. */
export function useUserMutations() {
  const { client } = useApiContext()
  const { user: sessionUser } = useSession()
  const { applyUser } = useCacheUpdaters()
  return useMemo(
    () => ({
      async createUser(body: UserCreateRequest) {
        const user = await client.users.create(body)
        applyUser({ action: 'create', user }, sessionUser)
        return user
      },
      async updateUser(id: number, body: UserUpdateRequest) {
        const user = await client.users.update(id, body)
        applyUser({ action: 'update', user }, sessionUser)
        return user
      },
      async deleteUser(id: number) {
        await client.users.delete(id)
        applyUser({ action: 'delete', userId: id }, sessionUser)
      },
    }),
    [client, applyUser, sessionUser],
  )
}
