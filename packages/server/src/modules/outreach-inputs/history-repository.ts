import type { MediaType } from '@desk/api-client'
import type { Executor } from '../../db'

/** The provider ids among `ids` already stored on this connection. */
export const storedProviderIds = async (db: Executor, connectionId: number, ids: string[]): Promise<Set<string>> => {
  if (ids.length === 0) return new Set()
  const rows = await db
    .selectFrom('messages')
    .select('providerMessageId')
    .where('whatsappId', '=', connectionId)
    .where('providerMessageId', 'in', ids)
    .execute()
  return new Set(rows.map((r) => r.providerMessageId).filter((id): id is string => id !== null))
}

export interface HistoryMessageRow {
  ticketId: number
  contactId: number
  whatsappId: number
  providerMessageId: string
  fromMe: boolean
  body: string
  mediaType: MediaType
  createdAt: string
}

/**
 * One imported message: read already (history never counts as unread), delivered when it was the
 * phone's own, dated when it was sent. A provider id stored meanwhile is skipped (the unique index
 * on connection and provider id); answers whether the row went in.
 */
export const insertHistoryMessage = async (db: Executor, row: HistoryMessageRow): Promise<boolean> => {
  const inserted = await db
    .insertInto('messages')
    .values({
      ticketId: row.ticketId,
      contactId: row.contactId,
      userId: null,
      whatsappId: row.whatsappId,
      providerMessageId: row.providerMessageId,
      body: row.body,
      fromMe: row.fromMe ? 1 : 0,
      read: 1,
      mediaType: row.mediaType,
      mediaPath: null,
      mediaMime: null,
      mediaSize: null,
      mediaName: null,
      ack: row.fromMe ? 2 : 0,
      quotedMsgId: null,
      error: null,
      createdAt: row.createdAt,
      updatedAt: row.createdAt,
    })
    .onConflict((oc) => oc.columns(['whatsappId', 'providerMessageId']).doNothing())
    .returning('id')
    .executeTakeFirst()
  return inserted !== undefined
}

/** A ticket the import opened shows its latest message as preview and is dated by it. */
export const setImportedPreview = async (db: Executor, ticketId: number, preview: string, at: string) => {
  await db.updateTable('tickets').set({ lastMessage: preview, updatedAt: at }).where('id', '=', ticketId).execute()
}
