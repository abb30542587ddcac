import { useEffect, useMemo } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import type { ApiError, DeskSocket } from '../client'
import type {
  AppMessageEvent,
  Card,
  CardEvent,
  Lane,
  LaneCreateRequest,
  LaneEvent,
  LaneUpdateRequest,
  TicketEvent,
} from '../contract'
import { keys } from './cache'
import { useApiContext } from './context'
import {
  applyCardEvent,
  applyLaneEvent,
  applyMessageToCards,
  applyTicketToCards,
  placeCardLocally,
  sortLanes,
} from './kanbanRules'
import { type RoomRequest, useRoom } from './useRoom'

/** The open tickets list's room: the board hears card moves and ticket changes there. */
export const openTicketsRoom: RoomRequest = {
  name: 'tickets:open',
  join: (s: DeskSocket) => s.emit('joinTickets', 'open'),
  leave: (s: DeskSocket) => s.emit('leaveTickets', 'open'),
}

/** The board's lanes, in order; live `lane` events apply. */
export function useLanes({ enabled = true }: { enabled?: boolean } = {}) {
  const { client, socket } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<Lane[], ApiError>(enabled ? keys.lanes : null, async () =>
    sortLanes(await client.kanban.lanes()),
  )
  useEffect(() => {
    if (!socket) return
    const onLane = (event: LaneEvent) => void mutate((lanes) => applyLaneEvent(lanes, event), { revalidate: false })
    socket.on('lane', onLane)
    return () => void socket.off('lane', onLane)
  }, [socket, mutate])
  return { lanes: data, error, isLoading, reload: () => mutate() }
}

/**
 * The cards the caller may see. While mounted the socket follows the open tickets' room: card
 * moves, and ticket changes (a closed ticket leaves the board; a newly opened one is fetched).
 * What was missed while the socket was down is fetched again on reconnect.
 */
export function useCards({ enabled = true }: { enabled?: boolean } = {}) {
  const { client, socket } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<Card[], ApiError>(enabled ? keys.cards : null, () =>
    client.kanban.cards(),
  )
  useRoom(enabled ? socket : null, enabled ? openTicketsRoom : null, 'kanban', () => void mutate())
  useEffect(() => {
    if (!socket || !enabled) return
    const patch = (apply: (cards: Card[] | undefined) => { cards: Card[] | undefined; missing: boolean }) => {
      let missing = false
      void mutate(
        (cards) => {
          const next = apply(cards)
          missing = next.missing
          return next.cards
        },
        { revalidate: false },
      ).then(() => {
        if (missing) void mutate()
      })
    }
    const onCard = (event: CardEvent) => patch((cards) => ({ cards: applyCardEvent(cards, event), missing: false }))
    const onTicket = (event: TicketEvent) => patch((cards) => applyTicketToCards(cards, event))
    const onMessage = (event: AppMessageEvent) => patch((cards) => applyMessageToCards(cards, event))
    socket.on('card', onCard)
    socket.on('ticket', onTicket)
    socket.on('appMessage', onMessage)
    return () => {
      socket.off('card', onCard)
      socket.off('ticket', onTicket)
      socket.off('appMessage', onMessage)
    }
  }, [socket, enabled, mutate])
  return { cards: data, error, isLoading, reload: () => mutate() }
}

/** The card of one ticket (the lane selector in the conversation header); null when it is not on the board. */
export function useCard(ticketId: number | null) {
  const { client, socket } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<Card, ApiError>(
    ticketId === null ? null : keys.card(ticketId),
    () => client.kanban.card(ticketId as number),
    { shouldRetryOnError: false },
  )
  // Moves reach the conversation's room too (the conversation joins it).
  useEffect(() => {
    if (!socket || ticketId === null) return
    const onCard = (event: CardEvent) => {
      if (event.action === 'update' && event.card.ticketId === ticketId) void mutate(event.card, { revalidate: false })
    }
    socket.on('card', onCard)
    return () => void socket.off('card', onCard)
  }, [socket, ticketId, mutate])
  return { card: data, error, isLoading, reload: () => mutate() }
}

/**
 * Moving cards and managing lanes. A move shows at once and is undone when the server refuses
 * it (the error is thrown for the caller to show); lane changes update the lanes at once.
 */
export function useKanbanMutations() {
  const { client } = useApiContext()
  const { mutate } = useSWRConfig()
  return useMemo(() => {
    const setLanes = (update: (lanes: Lane[] | undefined) => Lane[] | undefined) =>
      mutate<Lane[]>(keys.lanes, update, { revalidate: false })
    return {
      async moveCard(ticketId: number, laneId: string) {
        let before: Card[] | undefined
        await mutate<Card[]>(
          keys.cards,
          (cards) => {
            before = cards
            return cards && placeCardLocally(cards, ticketId, laneId)
          },
          { revalidate: false },
        )
        try {
          const card = await client.kanban.move({ ticketid: ticketId, laneid: laneId })
          await mutate<Card[]>(keys.cards, (cards) => applyCardEvent(cards, { action: 'update', card }), {
            revalidate: false,
          })
          await mutate(keys.card(ticketId), card, { revalidate: false })
          return card
        } catch (error) {
          if (before) await mutate<Card[]>(keys.cards, before, { revalidate: false })
          throw error
        }
      },
      async createLane(body: LaneCreateRequest) {
        const lane = await client.kanban.createLane(body)
        await setLanes((lanes) => applyLaneEvent(lanes, { action: 'create', lane }))
        return lane
      },
      async updateLane(id: number, body: LaneUpdateRequest) {
        const lane = await client.kanban.updateLane(id, body)
        await setLanes((lanes) => applyLaneEvent(lanes, { action: 'update', lane }))
        return lane
      },
      async orderLanes(laneIds: number[]) {
        const lanes = await client.kanban.orderLanes(laneIds)
        await setLanes(() => sortLanes(lanes))
        return lanes
      },
      async deleteLane(id: number) {
        await client.kanban.deleteLane(id)
        await setLanes((lanes) => applyLaneEvent(lanes, { action: 'delete', laneId: id }))
      },
      laneCsv: (id: number) => client.kanban.laneCsv(id),
    }
  }, [client, mutate])
}
