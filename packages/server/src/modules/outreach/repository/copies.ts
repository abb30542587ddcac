import type { MediaType } from '@desk/api-client'
import type { Executor, TicketRow } from '../../../db'

export interface JobCopyRow {
  ticketId: number
  contactId: number
  connectionId: number
  jobId: number
  providerMessageId: string
  body: string
  mediaType: MediaType
  /** The stored file a media send carried (null for text). */
  media: { path: string; mime: string; size: number; name: string } | null
  at: string
}

/**
 * The copy of a job's message in the customer's conversation: the desk's own (`fromMe`), read, sent,
 * automatic (never a preview, never unread) and marked with its job. A provider id the connection
 * stored meanwhile (the network's echo of the send) is skipped; answers the new row's id.
 */
export const insertJobCopy = async (db: Executor, row: JobCopyRow): Promise<number | undefined> =>
  (
    await db
      .insertInto('messages')
      .values({
        ticketId: row.ticketId,
        contactId: row.contactId,
        userId: null,
        whatsappId: row.connectionId,
        providerMessageId: row.providerMessageId,
        body: row.body,
        fromMe: 1,
        read: 1,
        mediaType: row.mediaType,
        mediaPath: row.media?.path ?? null,
        mediaMime: row.media?.mime ?? null,
        mediaSize: row.media?.size ?? null,
        mediaName: row.media?.name ?? null,
        ack: 1,
        automatic: 1,
        jobId: row.jobId,
        quotedMsgId: null,
        error: null,
        createdAt: row.at,
        updatedAt: row.at,
      })
      .onConflict((oc) => oc.columns(['whatsappId', 'providerMessageId']).doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id

/** The contact's latest closed ticket on the connection, if any. */
export const latestClosedTicketOn = (db: Executor, contactId: number, connectionId: number) =>
  db
    .selectFrom('tickets')
    .selectAll()
    .where('contactId', '=', contactId)
    .where('whatsappId', '=', connectionId)
    .where('status', '=', 'closed')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()

/**
 * The closed ticket a customer's answer belongs to: the one holding the contact's latest message on
 * the connection, when that message is a job's (the customer answers an offer). Undefined otherwise.
 */
export const offerTicketOn = async (
  db: Executor,
  contactId: number,
  connectionId: number,
): Promise<TicketRow | undefined> => {
  const latest = await db
    .selectFrom('messages')
    .innerJoin('tickets', 'tickets.id', 'messages.ticketId')
    .select(['messages.jobId', 'tickets.id'])
    .where('tickets.contactId', '=', contactId)
    .where('tickets.whatsappId', '=', connectionId)
    .orderBy('messages.createdAt', 'desc')
    .orderBy('messages.id', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!latest || latest.jobId === null) return undefined
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('id', '=', latest.id)
    .where('status', '=', 'closed')
    .executeTakeFirst()
}
