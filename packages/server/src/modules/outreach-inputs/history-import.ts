import type { ContactEvent } from '@desk/api-client'
import { type Db, nowIso, type TicketRow } from '../../db'
import { cleanHistory } from '../../drivers/clean'
import type { HistoryConversation, HistoryOptions, MessagingDriver } from '../../drivers/types'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import type { ContactsService } from '../contacts/service'
import { inTransaction, liveTicketOn } from '../inbound/repository'
import { insertLiveTicket } from '../tickets/repository'
import { outreachError } from './errors'
import { insertHistoryMessage, setImportedPreview, storedProviderIds } from './history-repository'

export interface HistoryImportDeps {
  db: Db
  /** The driver serving a connection (the session manager's `driver`). */
  driverOf: (connectionId: number) => Promise<MessagingDriver | undefined>
  contacts: ContactsService
  publisher: Pick<Publisher, 'contact'>
}

/** Where an import stands, after each conversation. */
export interface HistoryImportProgress {
  /** Conversations the phone has to import (the driver's count; else those read so far). */
  total: number
  /** Conversations read so far. */
  conversations: number
  /** Messages stored so far, and those skipped because they were stored before. */
  imported: number
  duplicates: number
  /** The conversation just done (customer number or group id) and its ticket (null when nothing was new). */
  last: { id: string; ticketId: number | null; imported: number }
}

export interface HistoryImportResult {
  conversations: number
  imported: number
  duplicates: number
  /** The tickets that received messages. */
  ticketIds: number[]
}

/**
 * Imports a connection's device history (/ZDGHistorico): up to `limit` latest messages per
 * conversation (or of one `contact`'s) become messages on tickets, each provider message id once,
 * so running it again (or after a crash halfway) adds nothing twice. A conversation goes onto the
 * contact's live ticket on the connection when there is one, else onto a new closed ticket (old
 * history is no work for the queues). Imported messages are read and never counted as unread; no
 * greeting, queue menu or reopening follows, unlike a message that arrives. Each conversation is one
 * transaction. `ERR_WAPP_NOT_INITIALIZED` when the connection is not connected,
 * `ERR_OUTREACH_HISTORY_UNSUPPORTED` when its network keeps no history (the Cloud API).
 */
export const importHistory = async (
  deps: HistoryImportDeps,
  connectionId: number,
  options: HistoryOptions,
  onProgress?: (progress: HistoryImportProgress) => void | Promise<void>,
): Promise<HistoryImportResult> => {
  const driver = await deps.driverOf(connectionId)
  if (!driver?.isConnected()) {
    throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400, undefined, 'The connection is not connected')
  }
  if (!driver.fetchHistory) {
    throw outreachError('ERR_OUTREACH_HISTORY_UNSUPPORTED', `The ${driver.kind} network keeps no history to import`)
  }
  const result: HistoryImportResult = { conversations: 0, imported: 0, duplicates: 0, ticketIds: [] }
  const counted = (await driver.countHistory?.(options)) ?? 0
  // One conversation at a time, as the driver reads them: a phone's whole history is never held at once.
  for await (const read of driver.fetchHistory(options)) {
    const conversation = cleanHistory({ ...read, messages: read.messages.slice(-options.limit) })
    const done = await importConversation(deps, connectionId, conversation)
    result.conversations += 1
    result.imported += done.imported
    result.duplicates += done.duplicates
    if (done.ticketId !== null && !result.ticketIds.includes(done.ticketId)) result.ticketIds.push(done.ticketId)
    await onProgress?.({
      total: Math.max(counted, result.conversations),
      conversations: result.conversations,
      imported: result.imported,
      duplicates: result.duplicates,
      last: { id: conversation.id, ticketId: done.ticketId, imported: done.imported },
    })
  }
  return result
}

const importConversation = async (deps: HistoryImportDeps, connectionId: number, conversation: HistoryConversation) => {
  const contactEvents: ContactEvent[] = []
  const written = await inTransaction(deps.db, async (trx) => {
    const ids = conversation.messages.map((m) => m.providerMessageId)
    const stored = await storedProviderIds(trx, connectionId, ids)
    const fresh = conversation.messages.filter((m) => !stored.has(m.providerMessageId))
    if (fresh.length === 0) return { imported: 0, duplicates: stored.size, ticketId: null }
    const collect = (event: ContactEvent) => void contactEvents.push(event)
    const owner = await deps.contacts.findOrCreate(
      { number: conversation.id, name: conversation.name, isGroup: conversation.isGroup },
      trx,
      collect,
    )
    const now = nowIso()
    let ticket: TicketRow | undefined = await liveTicketOn(trx, owner.id, connectionId)
    let opened = false
    if (!ticket) {
      ticket = await insertLiveTicket(trx, {
        status: 'closed',
        contactId: owner.id,
        userId: null,
        queueId: null,
        whatsappId: connectionId,
        isGroup: conversation.isGroup ? 1 : 0,
        lastMessage: null,
        unreadMessages: 0,
        queueMenuSent: 0,
        createdAt: now,
        updatedAt: now,
      })
      opened = true
    }
    if (!ticket) throw new Error(`no ticket for the history of ${conversation.id}`)
    let imported = 0
    let latest: { body: string; at: string } | undefined
    for (const message of fresh) {
      const sender =
        conversation.isGroup && !message.fromMe && message.author
          ? await deps.contacts.findOrCreate({ number: message.author, name: message.authorName }, trx, collect)
          : owner
      const at = new Date(message.timestamp || Date.now()).toISOString()
      const ok = await insertHistoryMessage(trx, {
        ticketId: ticket.id,
        contactId: sender.id,
        whatsappId: connectionId,
        providerMessageId: message.providerMessageId,
        fromMe: message.fromMe,
        body: message.body,
        mediaType: message.mediaType,
        createdAt: at,
      })
      if (!ok) continue
      imported += 1
      if (!latest || at >= latest.at) latest = { body: message.body, at }
    }
    if (opened && latest) await setImportedPreview(trx, ticket.id, latest.body, latest.at)
    return { imported, duplicates: conversation.messages.length - imported, ticketId: ticket.id }
  })
  for (const event of contactEvents) deps.publisher.contact(event)
  return written
}
