/**
 * Kanban (seed 001): the seed's four calls, then lanes for administrators.
 * Method and path of each route, free of zod: the schemas are in `../kanban.ts`.
 */
import { del, get, post, put } from './verbs'

export const kanbanPaths = {
  laneList: get('/getLanes'),
  cardList: get('/getAllCards'),
  cardGet: get('/getCards/:cardId'),
  cardMove: post('/setCardsLanes'),
  laneCreate: post('/lanes'),
  /** Every lane's id in the new order. Declared before `/lanes/:id`. */
  laneOrder: put('/lanes/order'),
  laneUpdate: put('/lanes/:id'),
  laneDelete: del('/lanes/:id'),
  /** The open tickets of one lane as a spreadsheet file (`text/csv`). */
  laneCardsCsv: get('/lanes/:id/cards.csv'),
} as const
