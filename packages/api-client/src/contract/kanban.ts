import { z } from 'zod'
import { Card, Lane } from './entities'
import { safeText } from './text'
import { boundedString, Color, Id, IdParams, VALIDATION_MESSAGES } from './validation'

/**
 * Kanban of open tickets (seed 001): `GET /getLanes`, `GET /getAllCards`,
 * `GET /getCards/:cardId`, `POST /setCardsLanes`. Cards follow tickets (one per open ticket,
 * its id the ticket's); they are moved, never deleted by hand. Lanes are set up by an
 * administrator (`POST /lanes`, `PUT|DELETE /lanes/:id`, `PUT /lanes/order`).
 */

const m = VALIDATION_MESSAGES

export const LaneListResponse = z.array(Lane)
export type LaneListResponse = z.infer<typeof LaneListResponse>
export const CardListResponse = z.array(Card)
export type CardListResponse = z.infer<typeof CardListResponse>
export const CardParams = z.object({ cardId: Id })
export type CardParams = z.infer<typeof CardParams>
export const CardResponse = Card
export type CardResponse = z.infer<typeof CardResponse>

/** A lane id as the board names it (`Card.laneId` / `Lane.laneId`: the lane's id, as text or a number). */
export const LaneId = Id

/**
 * `POST /setCardsLanes`: move the card of ticket `ticketid` to lane `laneid` (lower-case keys
 * as in the seed). A session, or the `userApiToken` value as `token` in the body (as `/zdg` takes
 * it: any open ticket). Answers with the moved card.
 */
export const MoveCardRequest = z.object({
  ticketid: Id,
  laneid: LaneId,
  token: safeText().max(500).optional(),
})
export type MoveCardRequest = z.input<typeof MoveCardRequest>
export const MoveCardResponse = Card
export type MoveCardResponse = z.infer<typeof MoveCardResponse>

/** An id or nothing: `null`, `""` and `0` (how forms and the seed's clients say "none") clear it. */
const OptionalRef = z.preprocess((v) => (v === '' || v === 0 || v === '0' ? null : v), Id.nullable()).optional()

/** Lane colours are stored with their `#`, lower-case. */
export const LANE_DEFAULT_COLOR = '#84cc16'

export const LaneCreateRequest = z.object({
  title: boundedString(1, 50),
  color: Color.optional(),
  label: safeText().trim().max(50, { error: m.tooLong }).nullable().optional(),
  /** Runs when a card enters the lane: the ticket moves to this queue. */
  entryQueueId: OptionalRef,
  /** Runs when a card enters the lane: this quick answer is sent to the customer. */
  entryQuickAnswerId: OptionalRef,
})
export type LaneCreateRequest = z.input<typeof LaneCreateRequest>
export const LaneUpdateRequest = LaneCreateRequest.partial()
export type LaneUpdateRequest = z.input<typeof LaneUpdateRequest>
export const LaneResponse = Lane
export type LaneResponse = z.infer<typeof LaneResponse>

/** `PUT /lanes/order`: every lane's id, in the new order. */
export const LaneOrderRequest = z.object({
  laneIds: z.array(Id).min(1, { error: m.required }).max(200, { error: m.tooLong }),
})
export type LaneOrderRequest = z.input<typeof LaneOrderRequest>

export {
  cardsOfLane,
  KANBAN_WAIT_DEFAULT,
  KANBAN_WAIT_SETTING,
  kanbanWaitMinutes,
  LANE_CSV_COLUMNS,
  laneCsvFileName,
} from './constants'

import { kanbanPaths } from './paths/kanban'
import { defineRoutes, noContent } from './route'

/**
 * The routes of kanban (seed 001): the seed's four calls, then lanes for administrators,
 * on the methods and paths of `./paths/kanban`.
 */
export const kanbanRoutes = /* @__PURE__ */ defineRoutes(kanbanPaths, () => ({
  laneList: { response: LaneListResponse },
  cardList: { response: CardListResponse },
  cardGet: { params: CardParams, response: CardResponse },
  cardMove: { body: MoveCardRequest, response: MoveCardResponse },
  laneCreate: { body: LaneCreateRequest, response: LaneResponse },
  laneOrder: { body: LaneOrderRequest, response: LaneListResponse },
  laneUpdate: { params: IdParams, body: LaneUpdateRequest, response: LaneResponse },
  laneDelete: { params: IdParams, ...noContent },
  laneCardsCsv: { params: IdParams, answers: 'csv' },
}))
