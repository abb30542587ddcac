import { sql } from 'kysely'
import type { Db } from '../../src/db'

/**
 * Rows that point nowhere, or that a failed write left half done. Each query counts one kind;
 * a healthy database answers 0 for all of them, on either engine.
 */
const ORPHAN_QUERIES = {
  /** A message whose ticket is gone. */
  messagesWithoutTicket: sql<{ n: number }>`select count(*) as n from messages m
    where not exists (select 1 from tickets t where t.id = m."ticketId")`,
  /** A ticket whose contact is gone. */
  ticketsWithoutContact: sql<{ n: number }>`select count(*) as n from tickets t
    where not exists (select 1 from contacts c where c.id = t."contactId")`,
  /**
   * A waiting, unassigned ticket without any message: what an inbound delivery that failed after
   * opening the ticket leaves behind (tickets that agents start are theirs, and open).
   */
  pendingTicketsWithoutMessages: sql<{ n: number }>`select count(*) as n from tickets t
    where t.status = 'pending' and t."userId" is null
      and not exists (select 1 from messages m where m."ticketId" = t.id)`,
  /** Unread counters above the messages the customer actually sent. */
  unreadAboveMessages: sql<{ n: number }>`select count(*) as n from tickets t
    where t."unreadMessages" > (select count(*) from messages m where m."ticketId" = t.id and m."fromMe" = 0)`,
  userQueuesPointingNowhere: sql<{ n: number }>`select count(*) as n from user_queues uq
    where not exists (select 1 from users u where u.id = uq."userId")
       or not exists (select 1 from queues q where q.id = uq."queueId")`,
  whatsappQueuesPointingNowhere: sql<{ n: number }>`select count(*) as n from whatsapp_queues wq
    where not exists (select 1 from whatsapps w where w.id = wq."whatsappId")
       or not exists (select 1 from queues q where q.id = wq."queueId")`,
  extraInfoWithoutContact: sql<{ n: number }>`select count(*) as n from contact_extra_info e
    where not exists (select 1 from contacts c where c.id = e."contactId")`,
  /** A web chat visitor's identity whose contact or connection is gone. */
  webchatIdentitiesPointingNowhere: sql<{ n: number }>`select count(*) as n from webchat_identities i
    where not exists (select 1 from contacts c where c.id = i."contactId")
       or not exists (select 1 from whatsapps w where w.id = i."whatsappId")`,
} as const

export type OrphanCounts = Record<keyof typeof ORPHAN_QUERIES, number>

/** Counts every kind of orphan row; `{…: 0}` everywhere when nothing is left half-written. */
export const countOrphans = async (db: Db): Promise<OrphanCounts> => {
  const counts = {} as OrphanCounts
  for (const [name, query] of Object.entries(ORPHAN_QUERIES)) {
    const { rows } = await query.execute(db)
    counts[name as keyof OrphanCounts] = Number(rows[0]?.n ?? 0)
  }
  return counts
}

export const NO_ORPHANS: OrphanCounts = Object.fromEntries(
  Object.keys(ORPHAN_QUERIES).map((name) => [name, 0]),
) as OrphanCounts
