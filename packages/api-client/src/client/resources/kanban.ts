import type { Card, Lane, LaneCreateRequest, LaneUpdateRequest, MoveCardRequest } from '../../contract'
import { pathOf } from '../../contract/endpoints'
import { type Requester, routeCaller } from './types'

export interface KanbanApi {
  /** The board's lanes, in order. */
  lanes(): Promise<Lane[]>
  /** Every open ticket the caller may see, as a card. */
  cards(): Promise<Card[]>
  card(ticketId: number): Promise<Card>
  /** Moves a card; answers it where it is now. */
  move(body: MoveCardRequest): Promise<Card>
  /** Admin-only lane writes. */
  createLane(body: LaneCreateRequest): Promise<Lane>
  updateLane(id: number, body: LaneUpdateRequest): Promise<Lane>
  orderLanes(laneIds: number[]): Promise<Lane[]>
  deleteLane(id: number): Promise<void>
  /** One lane's open tickets as a spreadsheet file. */
  laneCsv(id: number): Promise<Blob>
}

export const kanbanApi = (request: Requester, fetchFile: (path: string) => Promise<Blob>): KanbanApi => {
  const call = routeCaller(request)
  return {
    lanes: () => call('laneList'),
    cards: () => call('cardList'),
    card: (ticketId) => call('cardGet', { params: { cardId: ticketId } }),
    move: (body) => call('cardMove', { body }),
    createLane: (body) => call('laneCreate', { body }),
    updateLane: (id, body) => call('laneUpdate', { params: { id }, body }),
    orderLanes: (laneIds) => call('laneOrder', { body: { laneIds } }),
    deleteLane: async (id) => {
      await call('laneDelete', { params: { id } })
    },
    laneCsv: (id) => fetchFile(pathOf('laneCardsCsv', { id })),
  }
}
