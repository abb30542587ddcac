import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import useSWR from 'swr'
import useSWRInfinite, { unstable_serialize } from 'swr/infinite'
import type { ApiError } from '../client'
import type { Ticket, TicketEvent, TicketListResponse } from '../contract'
import { keys } from './cache'
import { useApiContext } from './context'
import { useRegisteredList } from './listRegistry'
import { flattenTickets, type TicketListParams } from './ticketRules'
import { useRoom } from './useRoom'

export type UseTicketsOptions = TicketListParams & {
  /** `false` waits (e.g. a tab not shown yet). */
  enabled?: boolean
}

export interface UseTicketsResult {
  tickets: Ticket[]
  /** Tickets matching the filters on the server (all pages), following live changes. */
  count: number
  hasMore: boolean
  isLoading: boolean
  isLoadingMore: boolean
  error: ApiError | undefined
  /** The next page (40 tickets) when there is one and none is on its way. */
  loadMore(): void
  /** Reloads every loaded page. */
  reload(): Promise<unknown>
}

type TicketsKey = ReturnType<typeof keys.tickets>

/** One stable string per set of filters: equal filters share one cache entry. */
export const ticketListKey = (params: TicketListParams): string =>
  JSON.stringify([
    params.status ?? null,
    params.searchParam?.trim() ?? '',
    !!params.showAll,
    [...(params.queueIds ?? [])].sort((a, b) => a - b),
    !!params.withUnreadMessages,
    params.date ?? null,
    params.isGroup ?? null,
    [...(params.tagIds ?? [])].sort((a, b) => a - b),
  ])

/**
 * A ticket list, 40 a page, newest activity first. While mounted it is in the status's
 * socket room; live `ticket` and `appMessage` events keep it current (see ticketRules), and a
 * reconnect reloads it so nothing that happened meanwhile is missed.
 */
export function useTickets({ enabled = true, ...params }: UseTicketsOptions = {}): UseTicketsResult {
  const { client, socket, lists } = useApiContext()
  const filters = ticketListKey(params)
  const paramsRef = useRef(params)
  paramsRef.current = params
  const getKey = useCallback(
    (index: number, previous: TicketListResponse | null): TicketsKey | null =>
      !enabled || (previous && !previous.hasMore) ? null : keys.tickets(filters, index + 1),
    [filters, enabled],
  )
  const serialized = unstable_serialize(getKey)
  useRegisteredList(lists, enabled ? serialized : null, {
    kind: 'tickets',
    params: { ...params, searchParam: params.searchParam?.trim() },
  })

  // New filters are a new first-page key, and SWR starts such a list again from page 1 (spec: status,
  // search, show-all and queues reset the list).
  const { data, error, isLoading, size, setSize, mutate } = useSWRInfinite<TicketListResponse, ApiError>(
    getKey,
    ([, , pageNumber]: TicketsKey) => {
      const { status, searchParam, showAll, queueIds, withUnreadMessages, date, isGroup, tagIds } = paramsRef.current
      return client.tickets.list({
        status,
        searchParam,
        showAll,
        queueIds,
        withUnreadMessages,
        date,
        isGroup,
        tagIds,
        pageNumber,
      })
    },
  )

  // No status room: the socket follows notifications, which carry every change of the tickets
  // this user may see, and the list rules place each one. A status room would also send a
  // delete when a ticket merely changes status, which the shared cache would read as gone.
  useRoom(enabled ? socket : null, null, params.status ?? '', () => void mutate())

  const tickets = useMemo(() => flattenTickets(data), [data])
  const hasMore = data ? (data[data.length - 1]?.hasMore ?? false) : false
  const isLoadingMore = !isLoading && size > 0 && data !== undefined && data[size - 1] === undefined && !error
  const loadMore = useCallback(() => {
    // After a failure the next page waits for a retry (`reload`), which asks again for the page that failed.
    if (hasMore && !isLoadingMore && !isLoading && !error) void setSize((s) => s + 1)
  }, [hasMore, isLoadingMore, isLoading, error, setSize])

  return {
    tickets,
    count: data?.[0]?.count ?? 0,
    hasMore,
    isLoading: enabled && isLoading,
    isLoadingMore,
    error,
    loadMore,
    reload: () => mutate(),
  }
}

/**
 * One ticket by id (`null` waits), following live updates and read again after a socket
 * reconnect. `deleted` turns true when a `ticket` delete event names it (or the ticket is gone
 * when read again), so the screen can say so and leave.
 */
export function useTicket(id: number | null | undefined) {
  const { client, socket } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<Ticket, ApiError>(id ? keys.ticket(id) : null, () =>
    client.tickets.get(id!),
  )
  const [deletedId, setDeletedId] = useState<number | null>(null)
  // Changes made while the socket was cut (resolved, transferred, deleted elsewhere) arrive with a
  // fresh read after the reconnect; a ticket gone meanwhile counts as deleted.
  useRoom(id ? socket : null, null, String(id ?? ''), () => {
    if (!id) return
    client.tickets.get(id).then(
      (fresh) => mutate(fresh, { revalidate: false }),
      (err: ApiError) => {
        // Gone: say so and leave. Anything else (no longer visible, offline): the screen shows the error.
        if (err?.status === 404) setDeletedId(id)
        else void mutate()
      },
    )
  })
  useEffect(() => {
    if (!socket || !id) return
    const onTicket = (event: TicketEvent) => {
      if (event.action === 'delete' && event.ticketId === id) setDeletedId(id)
    }
    socket.on('ticket', onTicket)
    return () => {
      socket.off('ticket', onTicket)
    }
  }, [socket, id])
  return { ticket: data, error, isLoading, deleted: deletedId !== null && deletedId === id, reload: () => mutate() }
}
