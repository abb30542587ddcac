import { z } from 'zod'
import { Card, Lane } from './entities'
import { safeText } from './text'
import { boundedString, Id, VALIDATION_MESSAGES } from './validation'

/**
 * Kanban of open tickets (seed 001): `GET /getLanes`, `GET /getAllCards`,
 * `GET /getCards/:cardId`, `POST /setCardsLanes`. Cards follow tickets (one per
 * ticket); they are moved, never deleted by hand.
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

/** A lane id as the board names it (`Card.laneId` / `Lane.laneId`). */
export const LaneId = z
  .union([safeText(), z.number()], { error: m.required })
  .transform(String)
  .pipe(safeText().trim().min(1, { error: m.required }).max(100, { error: m.tooLong }))

/**
 * `POST /setCardsLanes`: move the card of ticket `ticketid` to lane `laneid`
 * (lower-case keys as in the seed). Answers with the moved card.
 */
export const MoveCardRequest = z.object({
  ticketid: Id,
  laneid: LaneId,
  token: safeText().max(500).optional(),
})
export type MoveCardRequest = z.input<typeof MoveCardRequest>
export const MoveCardResponse = Card
export type MoveCardResponse = z.infer<typeof MoveCardResponse>

/**
 * Lanes are set up by an administrator (`POST /lanes`, `PUT|DELETE /lanes/:id`);
 * the board needs at least one. A deleted lane's cards go back to the first lane.
 */
export const LaneCreateRequest = z.object({
  title: boundedString(1, 50),
  label: safeText().trim().max(50, { error: m.tooLong }).nullable().optional(),
})
export type LaneCreateRequest = z.input<typeof LaneCreateRequest>
export const LaneUpdateRequest = LaneCreateRequest.partial()
export type LaneUpdateRequest = z.input<typeof LaneUpdateRequest>

/** The cards a lane shows: open tickets only, in that lane. */
export const cardsOfLane = (cards: readonly Card[], laneId: string): Card[] =>
  cards.filter((card) => card.status === 'open' && card.laneId === laneId)
