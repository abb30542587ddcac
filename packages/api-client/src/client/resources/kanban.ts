import { pathOf } from '../../contract/endpoints'
import type { FileFetcher } from './outreach'
import { type Requester, type RouteBody, routeCaller } from './types'

export const kanbanApi = (request: Requester, fetchFile: FileFetcher) => {
  const call = routeCaller(request)
  return {
    /** The board's lanes, in order. */
    lanes: () => call('laneList'),
    /** Every open ticket the caller may see, as a card. */
    cards: () => call('cardList'),
    card: (ticketId: number) => call('cardGet', { params: { cardId: ticketId } }),
    /** Moves a card; answers it where it is now. */
    move: (body: RouteBody<'cardMove'>) => call('cardMove', { body }),
    /** Admin-only lane writes. */
    createLane: (body: RouteBody<'laneCreate'>) => call('laneCreate', { body }),
    updateLane: (id: number, body: RouteBody<'laneUpdate'>) => call('laneUpdate', { params: { id }, body }),
    orderLanes: (laneIds: number[]) => call('laneOrder', { body: { laneIds } }),
    deleteLane: async (id: number): Promise<void> => {
      await call('laneDelete', { params: { id } })
    },
    /** One lane's open tickets as a spreadsheet file. */
    laneCsv: (id: number) => fetchFile(pathOf('laneCardsCsv', { id })),
  }
}
export type KanbanApi = ReturnType<typeof kanbanApi>
