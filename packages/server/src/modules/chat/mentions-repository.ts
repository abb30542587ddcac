import { type Executor, nowIso } from '../../db'

/** The queries of mentions: who was named where, and whether they looked. */

export interface NewMention {
  userId: number
  byUserId: number
  kind: 'chat' | 'note'
  chatMessageId: number | null
  ticketId: number | null
  messageId: number | null
}

export const insertMentions = async (db: Executor, mentions: readonly NewMention[]): Promise<number[]> => {
  if (mentions.length === 0) return []
  const createdAt = nowIso()
  const rows = await db
    .insertInto('mentions')
    .values(mentions.map((m) => ({ ...m, readAt: null, createdAt })))
    .returning('id')
    .execute()
  return rows.map((r) => r.id)
}

/** Mentions with what the bell shows: who wrote, where, and the start of the text. */
const mentionQuery = (db: Executor) =>
  db
    .selectFrom('mentions')
    .leftJoin('users as by', 'by.id', 'mentions.byUserId')
    .leftJoin('chat_messages', 'chat_messages.id', 'mentions.chatMessageId')
    .leftJoin('chat_channels', 'chat_channels.id', 'chat_messages.channelId')
    .leftJoin('queues', 'queues.id', 'chat_channels.queueId')
    .leftJoin('messages', 'messages.id', 'mentions.messageId')
    .leftJoin('tickets', 'tickets.id', 'mentions.ticketId')
    .leftJoin('contacts', 'contacts.id', 'tickets.contactId')
    .select([
      'mentions.id',
      'mentions.kind',
      'mentions.userId',
      'mentions.byUserId',
      'mentions.ticketId',
      'mentions.readAt',
      'mentions.createdAt',
      'by.name as byName',
      'chat_messages.channelId',
      'chat_messages.body as chatBody',
      'chat_channels.kind as channelKind',
      'chat_channels.name as channelName',
      'queues.name as queueName',
      'messages.body as noteBody',
      'contacts.name as contactName',
    ])

export type MentionRecord = Awaited<ReturnType<ReturnType<typeof mentionQuery>['executeTakeFirstOrThrow']>>

export const findMentions = (db: Executor, ids: readonly number[]) =>
  ids.length
    ? mentionQuery(db)
        .where('mentions.id', 'in', [...ids])
        .execute()
    : Promise.resolve([])

/** A user's latest mentions, newest first. */
export const mentionsOf = (db: Executor, userId: number, limit: number) =>
  mentionQuery(db).where('mentions.userId', '=', userId).orderBy('mentions.id', 'desc').limit(limit).execute()

export const markMentionRead = (db: Executor, id: number, userId: number) =>
  db
    .updateTable('mentions')
    .set({ readAt: nowIso() })
    .where('id', '=', id)
    .where('userId', '=', userId)
    .where('readAt', 'is', null)
    .execute()

export const findMentionOf = (db: Executor, id: number, userId: number) =>
  mentionQuery(db).where('mentions.id', '=', id).where('mentions.userId', '=', userId).executeTakeFirst()

/** Whether a private note on the ticket named the user (which lets them read the ticket). */
export const mentionedInNote = async (db: Executor, ticketId: number, userId: number): Promise<boolean> =>
  (await db
    .selectFrom('mentions')
    .select('id')
    .where('ticketId', '=', ticketId)
    .where('userId', '=', userId)
    .where('kind', '=', 'note')
    .limit(1)
    .executeTakeFirst()) !== undefined
