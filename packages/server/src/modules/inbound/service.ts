import type { SimulatorInboundResponse } from '@desk/api-client'
import { type Db, isUniqueViolation } from '../../db'
import { createGroupCommit } from '../../db/group-commit'
import type { InboundMessage } from '../../drivers/types'
import type { Publisher } from '../../realtime/publisher'
import type { ContactsService } from '../contacts/service'
import type { MediaStore } from '../media/store'
import type { MessagesService } from '../messages/service'
import { createMessageSearchIndexer } from '../tickets/repository/search-index'
import {
  createInboundFollowUp,
  type InboundFollowUpDeps,
  type InboundFollowUpOptions,
  type InboundSteps,
  type OnStored,
} from './follow-up'
import { createGroupNames } from './group-names'
import { messageOfProvider, settingValue } from './repository'
import { createInboundWriter } from './write'

export { queueMenu } from './queue-menu'

export interface InboundServiceDeps {
  db: Db
  publisher: Publisher
  contacts: ContactsService
  messages: MessagesService
  media: MediaStore
  /**
   * Called with each new customer message once stored, and where it was stored (the outreach
   * opt-out list listens for stop words; the bots queue it for the contact's bots).
   */
  onStored?: OnStored
  /** What `onStored` reads, taken with the message's marker (see `InboundFollowUpDeps.hookReads`). */
  hookReads?: InboundFollowUpDeps['hookReads']
  log?: (error: unknown, message: string) => void
  /** The lease and sweep of the steps after a message's commit (tests shorten them). */
  followUp?: InboundFollowUpOptions
  /** Asks the connection's driver for a group's name, when a group message comes without one. */
  groupName?: (connectionId: number, groupId: string) => Promise<string | null>
}

export type IngestResult = SimulatorInboundResponse

/**
 * Turns what a driver received into a stored message on the right ticket:
 * 1. the same provider id on the same connection is stored once (a unique index backs it);
 * 2. group messages are dropped while `CheckMsgIsGroup` is enabled, else they go to the
 *    group's ticket with the member as sender;
 * 3. the ticket is the contact's open or pending one on that connection; else one of theirs
 *    updated within `timeCreateNewTicket` seconds, set back to pending and unassigned; else a
 *    new pending ticket (in the connection's queue when it has exactly one);
 * 4. unread counts rise; with several queues the connection's greeting lists them numbered,
 *    once, and a reply with a number moves the ticket to that queue and sends its greeting —
 *    only while the ticket has no queue and no agent (see `queue-menu.ts`).
 * Steps 1 to 3 and the counters of step 4 are one transaction (see `write.ts`): a failure leaves no
 * contact, ticket or counter without its message. On SQLite the transactions of messages arriving
 * together share one commit (`db/group-commit.ts`), each in its own savepoint; each caller is answered
 * after that commit. What follows the commit — events, automatic
 * replies, the after-store hooks — is done once even if this process dies first (see `follow-up.ts`):
 * the network's redelivery, which finds the message stored, or any process's sweep finishes it.
 * Deliveries for one conversation are handled one at a time in this process, so they seldom
 * compete; the database's one-live-ticket index (migration 0006) is what keeps two messages
 * arriving together, in one process or two, on one ticket. A group message that came without the
 * group's name has the driver asked for it in the background, once (see `group-names.ts`).
 */
export const createInboundService = (deps: InboundServiceDeps) => {
  const { db, media } = deps
  // Messages arriving together (other conversations, while one transaction runs) commit as one.
  const transact = createGroupCommit(db)
  const write = createInboundWriter({ ...deps, transact })
  const followUp = createInboundFollowUp({ ...deps, statement: transact.lone, options: deps.followUp })
  const groupNames = createGroupNames(deps)
  // SQLite's trigram index of messages (every message, not only those arriving here) is written in
  // batches, in the commits of the messages arriving then (see migration 0035).
  const searchIndex = createMessageSearchIndexer({ db, statement: transact.statement, log: deps.log })
  const chains = new Map<string, Promise<unknown>>()
  const serialise = <T>(key: string, task: () => Promise<T>): Promise<T> => {
    const run = (chains.get(key) ?? Promise.resolve()).then(task)
    const tail = run.catch(() => {})
    chains.set(key, tail)
    void tail.then(() => {
      if (chains.get(key) === tail) chains.delete(key)
    })
    return run
  }

  const store = async (
    connectionId: number,
    message: InboundMessage,
  ): Promise<{ result: IngestResult; steps?: InboundSteps }> => {
    // Stored already: should the process that stored it have died before the steps after its commit,
    // they are done now (once the lease of that process has run out; a delivery still at work keeps them).
    const redelivered = async (dup: { id: number; ticketId: number }) => {
      await followUp.resume(dup.id)
      return { result: { ticketId: dup.ticketId, messageId: dup.id, duplicate: true } }
    }
    // A message with a file is looked up first, so that a redelivery does not store its file again.
    // Others go straight to their transaction: the unique index on the connection and the provider's id
    // refuses a redelivery there (undoing the whole transaction), and the stored one is read then. One
    // read fewer for every message that is new, which is nearly all of them.
    if (message.media) {
      const dup = await messageOfProvider(db, connectionId, message.providerMessageId)
      if (dup) return redelivered(dup)
    }

    const saved = message.media ? await media.save(message.media.data) : undefined
    // Another delivery of the same message (a redelivery, one from another process, or one that opened
    // the same ticket where the database allows one live ticket only) may have committed first: then look
    // again, once, on what it wrote.
    const attempt = async () => {
      try {
        return await write(connectionId, message, saved, followUp.lease())
      } catch (error) {
        if (!isUniqueViolation(error)) throw error
        const raced = await messageOfProvider(db, connectionId, message.providerMessageId)
        return raced ? { raced } : write(connectionId, message, saved, followUp.lease())
      }
    }
    let written: Awaited<ReturnType<typeof attempt>>
    try {
      written = await attempt()
    } catch (error) {
      if (saved) await media.discard(saved.name)
      throw error
    }
    if ('raced' in written) {
      if (saved) await media.discard(saved.name)
      return redelivered(written.raced)
    }
    // A group that came without its name is named in the background (the message does not wait).
    if (message.isGroup && message.groupId && !message.groupName?.trim()) {
      groupNames.ask(connectionId, written.row.contactId, message.groupId)
    }
    const steps = await followUp.afterWrite(connectionId, written, message.body)
    return { result: { ticketId: written.row.id, messageId: written.messageId, duplicate: false }, steps }
  }

  const ingest = async (connectionId: number, message: InboundMessage): Promise<IngestResult> => {
    if (message.isGroup && (await settingValue(db, 'CheckMsgIsGroup')) === 'enabled') {
      return { ticketId: null, messageId: null, duplicate: false, ignored: true }
    }
    const who = message.contactId !== undefined ? `c${message.contactId}` : message.from
    const key = `${connectionId}:${message.isGroup ? `g${message.groupId}` : who}`
    const { result, steps } = await serialise(key, () => store(connectionId, message))
    await followUp.afterTurn(steps)
    return result
  }

  return {
    ingest,
    /** Starts the sweep for steps that a process which died left undone, and the search indexer. */
    start: () => {
      followUp.start()
      searchIndex.start()
    },
    stop: async () => {
      await searchIndex.stop()
      await followUp.stop()
    },
  }
}

export type InboundService = ReturnType<typeof createInboundService>
