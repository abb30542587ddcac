import { beforeAll, describe, expect, it } from 'vitest'
import { migrateToLatest, sql } from '../../src/db'
import { freshDatabase } from '../support/database'

/**
 * References whose column has no index, on purpose (migration 0036): the parent is a user, a connection, a
 * queue or a quick answer, rarely deleted, or the column is filled on nearly every message (an index would cost
 * every message a write for what one deletion reads once).
 */
const UNINDEXED = [
  'bot_audit.contactId',
  'bot_audit.userId',
  'chat_messages.userId',
  'chat_reads.userId',
  'lanes.entryQueueId',
  'lanes.entryQuickAnswerId',
  'mail_outbox.userId',
  'mentions.byUserId',
  'messages.contactId',
  'messages.jobId',
  'messages.userId',
  'ticket_lanes.movedBy',
  'ticket_protocols.userId',
  'tickets.whatsappId',
  'users.whatsappId',
]

describe('the references a deletion follows (SQLite)', () => {
  const fresh = freshDatabase('sqlite')
  beforeAll(async () => {
    await migrateToLatest(fresh.database.db)
  })

  it('have an index on the referring column, but for the few named on purpose', async () => {
    const { db } = fresh.database
    const { rows: tables } = await sql<{ name: string }>`
      select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db)
    const unindexed: string[] = []
    for (const { name: table } of tables) {
      const pragma = async <T>(text: string) => (await sql.raw<T>(text).execute(db)).rows
      const references = await pragma<{ from: string }>(`pragma foreign_key_list("${table}")`)
      if (!references.length) continue
      const leading = new Set<string>()
      for (const index of await pragma<{ name: string }>(`pragma index_list("${table}")`)) {
        const [first] = await pragma<{ name: string }>(`pragma index_info("${index.name}")`)
        if (first) leading.add(first.name)
      }
      const key = (await pragma<{ name: string; pk: number }>(`pragma table_info("${table}")`)).filter((c) => c.pk)
      for (const { from } of references) {
        const isKey = key.length === 1 && key[0]!.name === from
        if (!leading.has(from) && !isKey) unindexed.push(`${table}.${from}`)
      }
    }
    expect(unindexed.toSorted()).toEqual(UNINDEXED)
  })

  it('deleting a message or a ticket reads no referring table whole', async () => {
    const { db } = fresh.database
    const plan = async (text: string) =>
      (await sql.raw<{ detail: string }>(`explain query plan ${text}`).execute(db)).rows.map((r) => r.detail)
    // The lookups of the rows that refer to the deleted one (to delete them, or to set their reference to null).
    const message = await plan('delete from messages where id = 1')
    expect(message.filter((step) => /^SCAN (messages|mentions|bot_inbox)\b/.test(step))).toEqual([])
    expect(message).toContainEqual(
      expect.stringMatching(/^SEARCH messages USING (COVERING )?INDEX messages_quoted_idx/),
    )
    const ticket = await plan('delete from tickets where id = 1')
    expect(
      ticket.filter((step) => /^SCAN (messages|mentions|bot_inbox|chat_messages|mail_outbox)\b/.test(step)),
    ).toEqual([])
  })
})
