import type { Executor } from '../../../db'

/** The conversation's messages, as the widget pages, sends and reads them. */

/** Messages with what the widget shows of them: the agent's name beside each. */
const widgetMessageQuery = (db: Executor) =>
  db
    .selectFrom('messages')
    .innerJoin('tickets', 'tickets.id', 'messages.ticketId')
    .leftJoin('users', 'users.id', 'messages.userId')
    .select([
      'messages.id',
      'messages.ticketId',
      'messages.clientId',
      'messages.providerMessageId',
      'messages.fromMe',
      'messages.read',
      'messages.body',
      'messages.mediaType',
      'messages.mediaPath',
      'messages.ack',
      'messages.isDeleted',
      'messages.createdAt',
      'users.name as agentName',
    ])
    // Private notes never reach the widget.
    .where('messages.isNote', '=', 0)
export type WidgetMessageRow = Awaited<ReturnType<ReturnType<typeof widgetMessageQuery>['executeTakeFirstOrThrow']>>

/** The conversation a session opens: a visitor's messages on every ticket of the connection, or one ticket's. */
export type Conversation = { connectionId: number; contactId: number } | { ticketId: number }

const inConversation = (db: Executor, conversation: Conversation) =>
  'ticketId' in conversation
    ? widgetMessageQuery(db).where('messages.ticketId', '=', conversation.ticketId)
    : widgetMessageQuery(db)
        .where('tickets.contactId', '=', conversation.contactId)
        .where('tickets.whatsappId', '=', conversation.connectionId)

/**
 * A page of the conversation, oldest first, by id (ids grow with time and never repeat, so a
 * reconnecting frame asks `after` its last id and misses nothing). `after`: the next `limit`
 * after it (`hasMore`: newer ones follow); else the `limit` before `before` (or the latest),
 * `hasMore` saying older ones remain.
 */
export const conversationPage = async (
  db: Executor,
  conversation: Conversation,
  page: { after?: number; before?: number; limit: number },
) => {
  let query = inConversation(db, conversation)
  if (page.after !== undefined) {
    const rows = await query
      .where('messages.id', '>', page.after)
      .$if(page.before !== undefined, (q) => q.where('messages.id', '<', page.before as number))
      .orderBy('messages.id', 'asc')
      .limit(page.limit + 1)
      .execute()
    return { rows: rows.slice(0, page.limit), hasMore: rows.length > page.limit }
  }
  if (page.before !== undefined) query = query.where('messages.id', '<', page.before)
  const rows = await query
    .orderBy('messages.id', 'desc')
    .limit(page.limit + 1)
    .execute()
  return { rows: rows.slice(0, page.limit).reverse(), hasMore: rows.length > page.limit }
}

/** One message by id, whatever its conversation (for the socket relay, which knows its ticket). */
export const widgetMessageRow = (db: Executor, id: number) =>
  widgetMessageQuery(db).where('messages.id', '=', id).executeTakeFirst()

/** A message the widget already sent on a ticket under this client id (agent mode). */
export const messageOfClientId = (db: Executor, ticketId: number, clientId: string) =>
  widgetMessageQuery(db)
    .where('messages.ticketId', '=', ticketId)
    .where('messages.clientId', '=', clientId)
    .executeTakeFirst()

/** The visitor's message stored under a provider id on the connection (a retried send). */
export const messageOfProviderId = (db: Executor, connectionId: number, providerMessageId: string) =>
  widgetMessageQuery(db)
    .where('messages.whatsappId', '=', connectionId)
    .where('messages.providerMessageId', '=', providerMessageId)
    .executeTakeFirst()

/** The desk's messages of the conversation up to `upTo` that the visitor has not read yet (at most 500). */
export const unreadDeskMessages = async (db: Executor, conversation: Conversation, upTo: number) =>
  (
    await inConversation(db, conversation)
      .where('messages.fromMe', '=', 1)
      .where('messages.id', '<=', upTo)
      .where('messages.ack', '<', 3)
      .where('messages.isDeleted', '=', 0)
      .orderBy('messages.id', 'desc')
      .limit(500)
      .execute()
  ).map((r) => r.id)
