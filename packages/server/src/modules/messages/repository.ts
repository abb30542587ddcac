import { MediaType, type Message } from '@desk/api-client'
import type { ExpressionBuilder, Insertable } from 'kysely'
import { type DB, type Db, dialectOf, type Executor, type MessagesTable, nowIso } from '../../db'
import { reusableQuery } from '../../db/reusable'

/** Messages with their sender and quoted message, in one query. */
export const messageQuery = (db: Executor) =>
  db
    .selectFrom('messages')
    .leftJoin('contacts', 'contacts.id', 'messages.contactId')
    .leftJoin('messages as quoted', 'quoted.id', 'messages.quotedMsgId')
    .leftJoin('contacts as quotedContact', 'quotedContact.id', 'quoted.contactId')
    // A note's writer, read only for notes (the writer of an ordinary message is not part of it).
    .leftJoin('users as noteAuthor', (join) =>
      join.onRef('noteAuthor.id', '=', 'messages.userId').on('messages.isNote', '=', 1),
    )
    .select([
      'messages.id',
      'messages.ticketId',
      'messages.contactId',
      'messages.userId',
      'messages.whatsappId',
      'messages.providerMessageId',
      'messages.body',
      'messages.fromMe',
      'messages.read',
      'messages.mediaType',
      'messages.mediaPath',
      'messages.mediaSize',
      'messages.mediaName',
      'messages.ack',
      'messages.isDeleted',
      'messages.automatic',
      'messages.isNote',
      'messages.jobId',
      'messages.storyKind',
      'messages.storyUrl',
      'messages.quotedMsgId',
      'messages.error',
      'messages.createdAt',
      'messages.updatedAt',
      'contacts.name as contactName',
      'quoted.body as quotedBody',
      'quoted.fromMe as quotedFromMe',
      'quoted.mediaType as quotedMediaType',
      'quoted.mediaName as quotedMediaName',
      'quotedContact.name as quotedContactName',
      'noteAuthor.id as noteAuthorId',
      'noteAuthor.name as noteAuthorName',
    ])

export type MessageQueryRow = Awaited<ReturnType<ReturnType<typeof messageQuery>['executeTakeFirstOrThrow']>>

const mediaTypeOf = (value: string | null) => MediaType.safeParse(value).data ?? 'chat'

export const toMessage = (r: MessageQueryRow, mediaUrl: (path: string) => string): Message => ({
  id: r.id,
  ticketId: r.ticketId,
  body: r.body,
  fromMe: r.fromMe === 1,
  read: r.read === 1,
  mediaUrl: r.mediaPath ? mediaUrl(r.mediaPath) : null,
  mediaType: mediaTypeOf(r.mediaType),
  mediaSize: r.mediaPath ? r.mediaSize : null,
  mediaName: r.mediaPath ? r.mediaName : null,
  ack: Math.min(4, Math.max(0, r.ack)),
  isDeleted: r.isDeleted === 1,
  automatic: r.automatic === 1,
  // Only on a bulk job's copy: every other message keeps its usual shape.
  ...(r.jobId !== null ? { jobId: r.jobId } : {}),
  // Only on an Instagram story reply or mention.
  ...(r.storyKind === 'reply' || r.storyKind === 'mention'
    ? { story: { kind: r.storyKind, url: r.storyUrl ?? '' } }
    : {}),
  // Only on a private note.
  ...(r.isNote === 1 ? { isNote: true } : {}),
  ...(r.noteAuthorId !== null && r.noteAuthorName !== null
    ? { noteAuthor: { id: r.noteAuthorId, name: r.noteAuthorName } }
    : {}),
  quotedMsg:
    r.quotedMsgId !== null && r.quotedBody !== null
      ? {
          id: r.quotedMsgId,
          body: r.quotedBody,
          fromMe: r.quotedFromMe === 1,
          mediaType: mediaTypeOf(r.quotedMediaType),
          mediaName: r.quotedMediaName,
          contact: r.quotedContactName !== null ? { name: r.quotedContactName } : null,
        }
      : null,
  contact: r.contactId !== null && r.contactName !== null ? { id: r.contactId, name: r.contactName } : null,
  error: r.error,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
})

const messageById = reusableQuery(['id'], (db, p) => messageQuery(db).where('messages.id', '=', p.id))

/** What an arriving customer message is stored with (the other columns take their defaults). */
export interface InboundMessageValues {
  ticketId: number
  contactId: number
  whatsappId: number
  providerMessageId: string
  body: string
  mediaType: string
  mediaPath: string | null
  mediaMime: string | null
  mediaSize: number | null
  mediaName: string | null
  quotedMsgId: number | null
  storyKind: string | null
  storyUrl: string | null
  /** Its `createdAt` and `updatedAt`. */
  now: string
}

/**
 * An arriving customer message just written, as `messageQuery` would read it back: the values it was
 * written with, its id and its sender's name; only for one that quotes none (a quote is read back).
 */
export const writtenMessageRow = (
  id: number,
  m: InboundMessageValues,
  contactName: string | null,
): MessageQueryRow => ({
  id,
  ticketId: m.ticketId,
  contactId: m.contactId,
  userId: null,
  whatsappId: m.whatsappId,
  providerMessageId: m.providerMessageId,
  body: m.body,
  fromMe: 0,
  read: 0,
  mediaType: m.mediaType,
  mediaPath: m.mediaPath,
  mediaSize: m.mediaSize,
  mediaName: m.mediaName,
  ack: 0,
  isDeleted: 0,
  automatic: 0,
  isNote: 0,
  jobId: null,
  storyKind: m.storyKind,
  storyUrl: m.storyUrl,
  quotedMsgId: m.quotedMsgId,
  error: null,
  createdAt: m.now,
  updatedAt: m.now,
  contactName,
  quotedBody: null,
  quotedFromMe: null,
  quotedMediaType: null,
  quotedMediaName: null,
  quotedContactName: null,
  noteAuthorId: null,
  noteAuthorName: null,
})

/** One message as the API shows it, with its sender and quote. */
export const findMessageRow = async (db: Executor, id: number): Promise<MessageQueryRow | undefined> =>
  (await messageById(db, { id }))[0]

/** A page of a ticket's messages, newest first, one past the page to tell whether more follow. */
export const ticketMessagesPage = (db: Executor, ticketId: number, limit: number, offset: number) =>
  messageQuery(db)
    .where('messages.ticketId', '=', ticketId)
    .orderBy('messages.createdAt', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute()

export const countTicketMessages = async (db: Executor, ticketId: number): Promise<number> => {
  const { n } = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('ticketId', '=', ticketId)
    .executeTakeFirstOrThrow()
  return Number(n)
}

/**
 * What counts as unread: a customer's message (`fromMe = 0`) nobody read yet. The desk's own
 * messages are stored read, so this is every `read = 0` row, as before.
 */
const unreadOf = (ticketId: number) => (eb: ExpressionBuilder<DB, 'messages'>) =>
  eb.and([eb('messages.ticketId', '=', ticketId), eb('messages.read', '=', 0), eb('messages.fromMe', '=', 0)])

/** Whether the ticket has an unread message. */
export const hasUnreadMessages = async (db: Executor, ticketId: number) =>
  (await db.selectFrom('messages').select('id').where(unreadOf(ticketId)).limit(1).executeTakeFirst()) !== undefined

/**
 * Marks a ticket read in one transaction: its unread messages become read, its counter becomes
 * the number of its unread messages (counted, not assumed zero), and `within` reads in the same
 * transaction (the page the agent is answered with). Answers the messages this read marked.
 *
 * An arriving message is inserted unread and then raises the counter, in one transaction
 * (inbound's `countUnread`), and raising the counter takes the ticket's row lock. Marking and
 * zeroing in two separate statements let an increment commit between them and be lost (the
 * counter 0 beside an unread message), or let a message be marked that the network was never
 * told about. So this takes the same row lock first, on PostgreSQL (`for no key update`: the
 * lock an update of the counter needs, which inserting a message does not):
 * - a message whose transaction committed before the lock was granted is seen by every statement
 *   after it (read committed reads each statement's own snapshot): it is marked, counted and
 *   returned here;
 * - one whose transaction has not raised the counter yet cannot commit until this one does, and
 *   is seen by none of these statements: it stays unread and its increment lands on this recount.
 * On SQLite the first statement here is a write, which takes the database's only write lock until
 * the commit: no other write can come between, in this process or another.
 */
export const markTicketRead = <T>(
  db: Db,
  ticketId: number,
  within: (trx: Executor) => Promise<T>,
  /**
   * Called last in the transaction, while it still holds the ticket's row: an arriving message's write,
   * which waits for that row, commits after it and so is announced after it (in this process or any
   * other, as one publisher's messages reach the adapter in order). Announced after the commit instead,
   * the read's event could follow the event of a message that committed after it, and tell the app
   * nothing is unread when that message is. Should the commit itself then fail (the connection lost),
   * the app shows the ticket read until its next event.
   */
  beforeCommit?: () => void,
) =>
  db.transaction().execute(async (trx) => {
    if (dialectOf(trx) === 'postgres') {
      await trx.selectFrom('tickets').select('id').where('id', '=', ticketId).forNoKeyUpdate().execute()
    }
    const marked = await trx
      .updateTable('messages')
      .set({ read: 1 })
      .where(unreadOf(ticketId))
      .returning(['id', 'providerMessageId'])
      .execute()
    const counted = await trx
      .updateTable('tickets')
      .set((eb) => ({
        unreadMessages: eb
          .selectFrom('messages')
          .select((c) => c.fn.countAll<number>().as('n'))
          .where(unreadOf(ticketId)),
      }))
      .where('id', '=', ticketId)
      .returning('unreadMessages')
      .executeTakeFirst()
    const seen = await within(trx)
    beforeCommit?.()
    return { marked, unreadMessages: Number(counted?.unreadMessages ?? 0), seen }
  })

/** The provider's id of a message (to quote it on the network). */
export const providerIdOf = async (db: Executor, id: number) =>
  (await db.selectFrom('messages').select('providerMessageId').where('id', '=', id).executeTakeFirst())
    ?.providerMessageId

/** A message of that ticket, for a quote. */
export const messageInTicket = (db: Executor, id: number, ticketId: number) =>
  db.selectFrom('messages').select('id').where('id', '=', id).where('ticketId', '=', ticketId).executeTakeFirst()

/** What a stored file was sent or received as (type, size, name), from a message that holds it. */
export const mediaOfPath = (db: Executor, path: string) =>
  db
    .selectFrom('messages')
    .select(['mediaMime', 'mediaType', 'mediaSize', 'mediaName'])
    .where('mediaPath', '=', path)
    .executeTakeFirst()

export const insertMessage = async (db: Executor, values: Insertable<MessagesTable>): Promise<number> =>
  (await db.insertInto('messages').values(values).returning('id').executeTakeFirstOrThrow()).id

/** A ticket's preview and latest activity, after a message a person wrote. */
export const setTicketActivity = (db: Executor, ticketId: number, lastMessage: string, updatedAt: string) =>
  db.updateTable('tickets').set({ lastMessage, updatedAt }).where('id', '=', ticketId).execute()

/** A ticket's preview only (a deleted message's ticket). */
export const setTicketPreview = (db: Executor, ticketId: number, lastMessage: string) =>
  db.updateTable('tickets').set({ lastMessage }).where('id', '=', ticketId).execute()

/** How the network took a sent message: its provider id and ack, or the error. */
export const recordSendOutcome = (
  db: Executor,
  id: number,
  outcome: { providerMessageId: string | null; ack: number; error: string | null },
) =>
  db
    .updateTable('messages')
    .set({ ...outcome, updatedAt: nowIso() })
    .where('id', '=', id)
    .execute()

export const messageRow = (db: Executor, id: number) =>
  db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst()

export const markMessageDeleted = (db: Executor, id: number) =>
  db.updateTable('messages').set({ isDeleted: 1, updatedAt: nowIso() }).where('id', '=', id).execute()

/** The messages people wrote on a ticket (not automatic ones) and kept (not deleted). */
const keptPersonMessages = (db: Executor, ticketId: number) =>
  db
    .selectFrom('messages')
    .select(['id', 'body', 'createdAt'])
    .where('ticketId', '=', ticketId)
    .where('automatic', '=', 0)
    .where('isNote', '=', 0)
    .where('isDeleted', '=', 0)

/** A kept, person-written message of the ticket newer than `than`, if any. */
export const newerPersonMessage = (db: Executor, than: { id: number; ticketId: number; createdAt: string }) =>
  keptPersonMessages(db, than.ticketId)
    .where((eb) =>
      eb.or([
        eb('createdAt', '>', than.createdAt),
        eb.and([eb('createdAt', '=', than.createdAt), eb('id', '>', than.id)]),
      ]),
    )
    .limit(1)
    .executeTakeFirst()

/** The ticket's latest kept, person-written message. */
export const latestPersonMessage = (db: Executor, ticketId: number) =>
  keptPersonMessages(db, ticketId).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst()

/** A message a connection sent or received, by the provider's id (with `fromMe`, only one it sent). */
export const messageByProvider = <K extends 'ack' | 'error'>(
  db: Executor,
  connectionId: number,
  providerMessageId: string,
  column: K,
  sentOnly: boolean,
) => {
  let query = db
    .selectFrom('messages')
    .select(['id', column])
    .where('whatsappId', '=', connectionId)
    .where('providerMessageId', '=', providerMessageId)
  if (sentOnly) query = query.where('fromMe', '=', 1)
  return query.executeTakeFirst()
}

export const setAck = (db: Executor, id: number, ack: number) =>
  db.updateTable('messages').set({ ack, updatedAt: nowIso() }).where('id', '=', id).execute()

export const markSendFailed = (db: Executor, id: number, code = 'ERR_SENDING_WAPP_MSG') =>
  db.updateTable('messages').set({ error: code, updatedAt: nowIso() }).where('id', '=', id).execute()
