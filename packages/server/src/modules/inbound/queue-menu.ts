import type { Db, TicketRow } from '../../db'
import type { Publisher } from '../../realtime/publisher'
import { connectionQueues } from '../connections/repository'
import type { MessagesService } from '../messages/service'
import { findTicket, sightOf } from '../tickets/repository'
import { chooseQueue, greetingOf, markQueueMenuSent } from './repository'

/** The numbered queue menu: the connection's greeting, then one line per queue. */
export const queueMenu = (greeting: string | null, queues: Array<{ name: string }>) =>
  [greeting?.trim(), queues.map((q, i) => `*${i + 1}* - ${q.name}`).join('\n')].filter(Boolean).join('\n\n')

/**
 * The queue menu and a customer's choice apply only to a ticket nobody holds yet: no queue and
 * no agent. A ticket an agent started (`POST /tickets`) or accepted before a queue was chosen
 * is a live conversation; neither the menu nor a number the customer types there touch it.
 */
export const mayRouteToQueue = (row: Pick<TicketRow, 'isGroup' | 'queueId' | 'userId'>) =>
  row.isGroup !== 1 && row.queueId === null && row.userId === null

/**
 * The queue a customer's reply picks from the menu ("2": the second), when it is only that number and
 * the connection offers several queues; else undefined. Such a reply is an answer to the menu, not
 * something to preview: it never becomes the ticket's `lastMessage` (see `write.ts`).
 */
export const queueChoiceOf = <Q>(body: string, queues: readonly Q[]): Q | undefined => {
  if (queues.length < 2 || !/^\d{1,3}$/.test(body.trim())) return undefined
  return queues[Number(body.trim()) - 1]
}

/**
 * With several queues on the connection, the first customer message gets the numbered menu, once,
 * and a reply with a number moves the ticket to that queue and sends its greeting. Both writes
 * repeat the condition of `mayRouteToQueue`, so an accept or transfer landing meanwhile wins.
 * `begin` runs just before either (false: stop), when the message does lead to one.
 */
export const createQueueRouting = ({
  db,
  publisher,
  messages,
}: {
  db: Db
  publisher: Publisher
  messages: Pick<MessagesService, 'deliver'>
}) => {
  return async (
    connectionId: number,
    row: TicketRow,
    body: string,
    begin: () => Promise<boolean>,
    /** The connection had fewer than two queues a moment ago (read with the message's ticket): nothing to do. */
    fewQueues = false,
  ) => {
    if (!mayRouteToQueue(row) || fewQueues) return
    const queues = await connectionQueues(db, connectionId)
    if (queues.length < 2) return
    const ticket = (await findTicket(db, row.id))!
    if (row.queueMenuSent !== 1) {
      const greeting = await greetingOf(db, connectionId)
      // Whoever marks it first sends the menu: two deliveries (or processes) never send it twice.
      if (!(await begin()) || !(await markQueueMenuSent(db, row.id))) return
      await messages.deliver(ticket, { body: queueMenu(greeting, queues), userId: null })
      return
    }
    const queue = queueChoiceOf(body, queues)
    if (!queue) return
    const before = await sightOf(db, ticket)
    // Only while it still has no queue: an agent may have transferred it meanwhile.
    if (!(await begin()) || !(await chooseQueue(db, row.id, queue.id))) return
    const moved = (await findTicket(db, row.id))!
    publisher.ticket({ action: 'update', ticket: moved }, await sightOf(db, moved), before)
    if (queue.greetingMessage?.trim()) await messages.deliver(moved, { body: queue.greetingMessage, userId: null })
  }
}
