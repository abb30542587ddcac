import { randomUUID } from 'node:crypto'
import type { Ticket } from '@desk/api-client'
import { type Db, type Executor, isoFormatter, nowIso, type TicketRow } from '../../db'
import type { InboundMessage } from '../../drivers/types'
import type { Audience, Publisher } from '../../realtime/publisher'
import type { ContactsService } from '../contacts/service'
import type { MessagesService } from '../messages/service'
import { findTicketAndAudience, sightOf } from '../tickets/repository'
import { createQueueRouting } from './queue-menu'
import {
  abandonedPending,
  advancePending,
  claimPending,
  type HookRead,
  releasePending,
  storedInbound,
  takePendingWith,
  ticketRowOf,
} from './repository'
import type { PendingLease, Written } from './write'

/** What the steps after the commit need that the stored rows do not say: kept as JSON with the marker. */
export interface AfterStore {
  /** The sender as the network named them (empty for a web chat visitor): the opt-out list goes by it. */
  from: string
  isGroup: boolean
  /** Present when the message opened its ticket or brought it back; `before`: where it stood then. */
  ticket?: { before?: Pick<TicketRow, 'status' | 'userId' | 'queueId'> }
  /** Contacts the message created or changed. */
  contacts?: Array<{ action: 'create' | 'update'; id: number }>
}

/** A stored customer message as the after-store hooks see it. */
export type StoredInbound = Pick<InboundMessage, 'from' | 'isGroup' | 'body'>

/**
 * Called with each new customer message once stored (the opt-out list, the bots), with what the `hookReads`
 * found (by their names; null where a read found nothing), read as the message's steps were taken.
 */
export type OnStored = (
  connectionId: number,
  message: StoredInbound,
  stored: { ticketId: number; messageId: number },
  reads: Readonly<Record<string, string | null>>,
) => Promise<unknown>

export interface InboundFollowUpOptions {
  /** How long a process holds a stored message's steps before another may take them over (default 10 s). */
  leaseMs?: number
  /** How often every process looks for steps nobody holds any more (default 5 s; 0: never). */
  sweepMs?: number
}

export const INBOUND_LEASE_MS = 10_000
export const INBOUND_SWEEP_MS = 5_000
/** Takeovers of one message's steps before they are given up (and logged): a step that always fails. */
const MAX_TAKEOVERS = 5

/** `inbound_pending.stage`: nothing done after the commit yet; or announced, automatic replies begun. */
const STORED = 0
const REPLYING = 1

interface Steps {
  messageId: number
  connectionId: number
  ticketId: number
  body: string
  stage: number
  context: AfterStore
  /** The first delivery's transaction: its ticket row and contact events, not read again. */
  written?: Written
}

export interface InboundFollowUpDeps {
  db: Db
  publisher: Publisher
  contacts: Pick<ContactsService, 'get'>
  messages: Pick<MessagesService, 'announce' | 'deliver'>
  onStored?: OnStored
  /**
   * What `onStored` reads (a setting, the contact's bots), read in the statement that takes the message's steps:
   * one round trip for them all.
   */
  hookReads?: Readonly<Record<string, HookRead>>
  log?: (error: unknown, message: string) => void
  options?: InboundFollowUpOptions
  /**
   * Runs the one statement that takes a message's steps, with nothing after it that can fail (in the inbound
   * service's group commit, without a savepoint: see `lone`); by default, on its own.
   */
  statement?: <T>(work: (db: Executor) => Promise<T>) => Promise<T>
}

/**
 * The steps after an arriving message's commit, which a crash there must not lose: its live events
 * (contacts, the ticket when it opened or came back, the message), the automatic replies (queue menu,
 * a chosen queue's greeting) and the after-store hooks (opt-out list, bots).
 *
 * The message's transaction writes a marker (`inbound_pending`) leased to the process that stored it;
 * it does the steps and removes the marker. Should it die in between, the marker stays, and once its
 * lease has run out another process takes it over — on the network's redelivery of the same message,
 * which finds it stored, or on its periodic sweep, for networks that never redeliver. Taking over is a
 * conditional write, so one process does the steps however many see the message at once.
 *
 * A crash mid-way must not repeat what a customer or a bot already got, so progress is recorded before
 * each of those steps (at most once), while events are repeated rather than lost (clients keep one
 * copy of a message by its id): stage 0, the events (again) and the automatic replies; stage 1 (written
 * just before a reply goes, when one does), the hooks alone; the marker is removed just before the
 * hooks run. A step that fails lets go of the lease at once, so the redelivery the
 * network sends after the error answer, or the next sweep, tries again (at most `MAX_TAKEOVERS` times).
 * On the hot path this costs an insert inside the message's transaction and a delete after it (and an
 * update when the message leads to an automatic reply).
 */
export const createInboundFollowUp = ({
  db,
  publisher,
  contacts,
  messages,
  onStored,
  hookReads = {},
  log,
  options = {},
  statement = (work) => work(db),
}: InboundFollowUpDeps) => {
  const take = takePendingWith(hookReads)
  const holder = `inbound-${process.pid}-${randomUUID().slice(0, 8)}`
  const leaseMs = options.leaseMs ?? INBOUND_LEASE_MS
  const sweepMs = options.sweepMs ?? INBOUND_SWEEP_MS
  const route = createQueueRouting({ db, publisher, messages })
  const leaseText = isoFormatter()
  const leaseEnd = () => leaseText(Date.now() + leaseMs)
  let timer: NodeJS.Timeout | undefined
  let sweeping: Promise<void> | undefined

  const announce = async ({ messageId, ticketId, context, written }: Steps) => {
    if (written) for (const event of written.contactEvents) publisher.contact(event)
    else {
      for (const { action, id } of context.contacts ?? []) {
        const contact = await contacts.get(id).catch(() => undefined)
        if (contact) publisher.contact({ action, contact })
      }
    }
    let current: { ticket: Ticket; audience: Audience } | undefined
    const found = context.ticket && (await findTicketAndAudience(db, ticketId))
    if (found && context.ticket) {
      const formerly = context.ticket.before ? await sightOf(db, context.ticket.before) : undefined
      current = found
      const { ticket, audience } = found
      publisher.ticket({ action: 'update', ticket }, { status: ticket.status, audience }, formerly)
    }
    await messages.announce(messageId, 'create', current ?? written?.current, written?.message)
  }

  /** The queue menu or a queue's greeting; false when another process has taken the steps over. */
  const reply = async (steps: Steps) => {
    const row = steps.written?.row ?? (await ticketRowOf(db, steps.ticketId))
    if (!row) return true
    let mine = true
    // Recorded only when a reply is about to go, so most messages write nothing here.
    const begin = async () => {
      steps.stage = REPLYING
      mine = await advancePending(db, steps.messageId, holder, REPLYING, leaseEnd())
      return mine
    }
    await route(steps.connectionId, row, steps.body, begin, steps.written?.fewQueues)
    return mine
  }

  /** Events and automatic replies (in the conversation's turn); false when the steps are another process's now. */
  const first = async (steps: Steps) => {
    try {
      if (steps.stage !== STORED) return true
      await announce(steps)
      return await reply(steps)
    } catch (error) {
      await releasePending(db, steps.messageId, holder, nowIso()).catch(() => {})
      throw error
    }
  }

  /** The hooks, once the marker is removed (by its holder only). */
  const rest = async ({ messageId, connectionId, ticketId, body, context }: Steps) => {
    // Committed with the messages arriving meanwhile, before the hooks run.
    const reads = await statement((trx) => take(trx, messageId, holder))
    if (!reads) return
    await onStored?.(
      connectionId,
      { from: context.from, isGroup: context.isGroup, body },
      { ticketId, messageId },
      reads,
    )
  }

  /** Takes over the steps of a stored message nobody holds any more, and does what is left of them. */
  const resume = async (messageId: number) => {
    const claimed = await claimPending(db, messageId, holder, nowIso(), leaseEnd())
    if (!claimed) return
    const stored = await storedInbound(db, messageId)
    if (!stored || stored.whatsappId === null || claimed.attempts > MAX_TAKEOVERS) {
      await take(db, messageId, holder)
      if (stored) log?.(new Error('the steps kept failing'), `gave up the steps after storing message ${messageId}`)
      return
    }
    const steps: Steps = {
      messageId,
      connectionId: stored.whatsappId,
      ticketId: stored.ticketId,
      body: stored.body,
      stage: claimed.stage,
      context: JSON.parse(claimed.context) as AfterStore,
    }
    if (await first(steps)) await rest(steps)
  }

  const sweep = async () => {
    for (const messageId of await abandonedPending(db, nowIso(), 20)) {
      await resume(messageId).catch((error) => log?.(error, `steps after storing message ${messageId} failed`))
    }
  }

  return {
    /** The lease a new message's transaction writes with its marker. */
    lease: (): PendingLease => ({ holder, leaseUntil: leaseEnd() }),
    /** After the commit, in the conversation's turn: events and automatic replies. Answers what `afterTurn` takes. */
    async afterWrite(connectionId: number, written: Written, body: string) {
      const { messageId, row, context } = written
      const steps: Steps = { messageId, connectionId, ticketId: row.id, body, stage: STORED, context, written }
      return (await first(steps)) ? steps : undefined
    },
    /** After the conversation's turn: the hooks. */
    afterTurn: (steps: Steps | undefined) => (steps ? rest(steps) : Promise.resolve()),
    resume,
    start() {
      if (timer || sweepMs <= 0) return
      timer = setInterval(() => {
        sweeping ??= sweep()
          .catch((error) => log?.(error, 'inbound sweep failed'))
          .finally(() => {
            sweeping = undefined
          })
      }, sweepMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      timer = undefined
      await sweeping
    },
  }
}

export type InboundFollowUp = ReturnType<typeof createInboundFollowUp>
export type { Steps as InboundSteps }
