import {
  type Card,
  cardsToCsv,
  fillPlaceholders,
  type Lane,
  type LaneCreateRequest,
  type LaneOrderRequest,
  type LaneUpdateRequest,
  type MoveCardRequest,
  placeholderValues,
  toCard,
} from '@desk/api-client'
import type { z } from 'zod'
import type { Db, Executor, LaneRow } from '../../db'
import { AppError, fieldError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import type { MessagesService } from '../messages/service'
import { normaliseColor } from '../queues/service'
import { deskTexts } from '../settings/desk-texts'
import { requireTicketAccess, ticketNotFound } from '../tickets/access'
import { audienceOf, findTicket, moveTicket, queueExists, sightOf } from '../tickets/repository'
import { type Actor, isAdmin, requireAdmin } from '../users/access'
import { cardTagsOf } from './cards'
import {
  deleteLaneRow,
  findLaneRow,
  firstLaneRow,
  insertLane,
  type LaneValues,
  listLaneRows,
  openCardsIn,
  openTicketsWithLanes,
  placeCard,
  setLanePositions,
  updateLane,
} from './repository'

type CreateData = z.output<typeof LaneCreateRequest>
type UpdateData = z.output<typeof LaneUpdateRequest>
type OrderData = z.output<typeof LaneOrderRequest>
type MoveData = z.output<typeof MoveCardRequest>
/** Who moves a card: a user, or nobody (`id` null, the API token) with the name `{{user}}` shows. */
type Mover = { id: number | null; name: string }

export const laneNotFound = () => new AppError('ERR_NO_LANE_FOUND', 404)
const ticketNotOpen = () => new AppError('ERR_TICKET_NOT_OPEN', 409)

const toLane = (row: LaneRow): Lane => ({
  id: row.id,
  laneId: String(row.id),
  title: row.title,
  label: null,
  color: row.color,
  position: row.position,
  entryQueueId: row.entryQueueId,
  entryQuickAnswerId: row.entryQuickAnswerId,
})

const isForeignKeyViolation = (error: unknown) =>
  /foreign key/i.test(String((error as { message?: unknown })?.message)) ||
  (error as { code?: unknown })?.code === '23503'

/**
 * The kanban of open tickets (seed 001). Everyone signed in reads the lanes; admins create,
 * rename, colour, reorder and delete them (only an empty lane, never the last one). Cards are
 * the open tickets the caller may see (`canSeeTicket`: an admin every open ticket, an agent
 * their own): a card of a ticket they may not see answers 403 or 404 like the ticket itself.
 * A move is one conditional write; when a card enters a lane, the lane's entry actions run
 * (move the ticket to a queue, send a quick answer) once, whoever raced to move it.
 */
export const createKanbanService = ({
  db,
  publisher,
  messages,
  now = () => Date.now(),
}: {
  db: Db
  publisher: Publisher
  messages: MessagesService
  /** The clock of `{{date}}`, `{{hour}}` and `{{ms}}` in quick answers (the server's local time). */
  now?: () => number
}) => {
  const lanes = async (): Promise<Lane[]> => (await listLaneRows(db)).map(toLane)

  const firstLaneId = async (ex: Executor = db) => (await firstLaneRow(ex))?.id

  /** Cards of the open tickets in hand, each in its lane (or the first lane when unplaced). */
  const asCards = async (rows: Awaited<ReturnType<typeof openTicketsWithLanes>>): Promise<Card[]> => {
    const first = await firstLaneId()
    const tags = await cardTagsOf(
      db,
      rows.map((r) => r.ticket.contactId),
    )
    return rows.map((r) => toCard(r.ticket, r.placedLaneId ?? first ?? 0, tags.get(r.ticket.contactId) ?? []))
  }

  /** `GET /getAllCards`: every open ticket the caller may see. */
  const cards = async (actor: Actor): Promise<Card[]> =>
    asCards(await openTicketsWithLanes(db, isAdmin(actor) ? {} : { userId: actor.id }))

  /** The card of a ticket the caller may see (404 / 403 as the ticket; 409 when it is not open). */
  const card = async (actor: Actor, ticketId: number): Promise<Card> => {
    const ticket = await requireTicketAccess(db, actor, await findTicket(db, ticketId), 'read')
    if (ticket.status !== 'open') throw ticketNotOpen()
    const [found] = await asCards(await openTicketsWithLanes(db, { ticketId }))
    if (!found) throw ticketNotOpen()
    return found
  }

  const announceCard = async (moved: Card) => {
    const ticket = await findTicket(db, moved.ticketId)
    if (ticket) publisher.card({ action: 'update', card: moved }, await audienceOf(db, ticket))
  }

  /**
   * What a lane does to a card that enters it, for whoever moved it (`id` null: the API token).
   * A failed send is recorded on the message; it never undoes the move.
   */
  const runEntryActions = async (mover: Mover, lane: LaneRow, ticketId: number) => {
    const before = await findTicket(db, ticketId)
    if (before?.status !== 'open') return
    if (lane.entryQueueId !== null && lane.entryQueueId !== before.queueId) {
      const expected = { status: before.status, userId: before.userId, queueId: before.queueId }
      if (await moveTicket(db, ticketId, expected, { queueId: lane.entryQueueId })) {
        const after = (await findTicket(db, ticketId))!
        publisher.ticket({ action: 'update', ticket: after }, await sightOf(db, after), await sightOf(db, before))
      }
    }
    if (lane.entryQuickAnswerId !== null) {
      const answer = await db
        .selectFrom('quick_answers')
        .select('message')
        .where('id', '=', lane.entryQuickAnswerId)
        .executeTakeFirst()
      const ticket = await findTicket(db, ticketId)
      if (answer && ticket?.status === 'open') {
        // The placeholders the agent's composer fills, for the agent who moved the card, in server time.
        const { greetings } = await deskTexts(db)
        const values = placeholderValues({ ticket, userName: mover.name, now: new Date(now()), greetings })
        await messages.deliver(ticket, { body: fillPlaceholders(answer.message, values), userId: mover.id })
      }
    }
  }

  /**
   * `POST /setCardsLanes`: moves the card of an open ticket the caller may see; answers it where it
   * is now. `actor` null is the API token: any open ticket, moved by nobody; a lane's quick answer
   * then goes out as an automatic message, `{{user}}` being the ticket's agent.
   */
  const move = async (actor: Actor | null, input: MoveData): Promise<Card> => {
    const found = await findTicket(db, input.ticketid)
    const ticket = actor ? await requireTicketAccess(db, actor, found, 'read') : found
    if (!ticket) throw ticketNotFound()
    if (ticket.status !== 'open') throw ticketNotOpen()
    const lane = await findLaneRow(db, input.laneid)
    if (!lane) throw laneNotFound()
    const mover: Mover = actor ?? { id: null, name: ticket.user?.name ?? '' }
    let entered: boolean
    try {
      entered = await placeCard(db, ticket.id, lane.id, mover.id, await firstLaneId())
    } catch (error) {
      // The lane (or the ticket) was deleted meanwhile.
      if (isForeignKeyViolation(error)) throw laneNotFound()
      throw error
    }
    if (entered) await runEntryActions(mover, lane, ticket.id)
    const [moved] = actor
      ? [await card(actor, ticket.id).catch(() => undefined)]
      : await asCards(await openTicketsWithLanes(db, { ticketId: ticket.id }))
    if (!moved) throw ticketNotOpen()
    if (entered) await announceCard(moved)
    return moved
  }

  const checkReferences = async (input: UpdateData) => {
    if (input.entryQueueId != null && !(await queueExists(db, input.entryQueueId))) {
      throw fieldError('entryQueueId', 'validation.invalid')
    }
    if (input.entryQuickAnswerId != null) {
      const found = await db
        .selectFrom('quick_answers')
        .select('id')
        .where('id', '=', input.entryQuickAnswerId)
        .executeTakeFirst()
      if (!found) throw fieldError('entryQuickAnswerId', 'validation.invalid')
    }
  }

  const valuesOf = (input: UpdateData): Partial<LaneValues> => ({
    title: input.title,
    color: input.color === undefined ? undefined : normaliseColor(input.color),
    entryQueueId: input.entryQueueId,
    entryQuickAnswerId: input.entryQuickAnswerId,
  })

  const createLane = async (actor: Actor, input: CreateData): Promise<Lane> => {
    requireAdmin(actor)
    await checkReferences(input)
    const values = valuesOf(input)
    const lane = toLane(
      await insertLane(db, {
        title: input.title,
        color: values.color ?? '#84cc16',
        entryQueueId: values.entryQueueId ?? null,
        entryQuickAnswerId: values.entryQuickAnswerId ?? null,
      }),
    )
    publisher.lane({ action: 'create', lane })
    return lane
  }

  const updateOne = async (actor: Actor, id: number, input: UpdateData): Promise<Lane> => {
    requireAdmin(actor)
    if (!(await findLaneRow(db, id))) throw laneNotFound()
    await checkReferences(input)
    const row = await updateLane(db, id, valuesOf(input))
    if (!row) throw laneNotFound()
    const lane = toLane(row)
    publisher.lane({ action: 'update', lane })
    return lane
  }

  /** `PUT /lanes/order`: every lane, each once, in the new order. */
  const reorder = async (actor: Actor, input: OrderData): Promise<Lane[]> => {
    requireAdmin(actor)
    const ordered = await db.transaction().execute(async (trx) => {
      const current = (await listLaneRows(trx)).map((l) => l.id)
      const given = new Set(input.laneIds)
      if (
        given.size !== input.laneIds.length ||
        given.size !== current.length ||
        current.some((id) => !given.has(id))
      ) {
        throw fieldError('laneIds', 'validation.invalid')
      }
      await setLanePositions(trx, input.laneIds)
      return (await listLaneRows(trx)).map(toLane)
    })
    publisher.lane({ action: 'order', lanes: ordered })
    return ordered
  }

  /** `DELETE /lanes/:id`: only a lane with no open ticket, and never the board's last lane. */
  const removeLane = async (actor: Actor, id: number): Promise<void> => {
    requireAdmin(actor)
    await db
      .transaction()
      .execute(async (trx) => {
        const all = await listLaneRows(trx)
        const index = all.findIndex((l) => l.id === id)
        if (index < 0) throw laneNotFound()
        if (all.length === 1) throw new AppError('ERR_LAST_LANE', 409)
        if ((await openCardsIn(trx, id, index === 0)) > 0) throw new AppError('ERR_LANE_NOT_EMPTY', 409)
        if (!(await deleteLaneRow(trx, id))) throw laneNotFound()
      })
      .catch((error: unknown) => {
        throw isForeignKeyViolation(error) ? new AppError('ERR_LANE_NOT_EMPTY', 409) : error
      })
    publisher.lane({ action: 'delete', laneId: id })
  }

  /** `GET /lanes/:id/cards.csv`: the open tickets of one lane that the caller may see. */
  const laneCsv = async (actor: Actor, id: number): Promise<{ title: string; csv: string }> => {
    const lane = await findLaneRow(db, id)
    if (!lane) throw laneNotFound()
    const first = (await firstLaneId()) === lane.id
    const rows = await openTicketsWithLanes(db, {
      ...(isAdmin(actor) ? {} : { userId: actor.id }),
      laneIds: { lane: lane.id, first },
    })
    return { title: lane.title, csv: cardsToCsv(await asCards(rows)) }
  }

  return { lanes, cards, card, move, createLane, updateLane: updateOne, reorder, removeLane, laneCsv }
}

export type KanbanService = ReturnType<typeof createKanbanService>
