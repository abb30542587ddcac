import { randomUUID } from 'node:crypto'
import {
  BOT_DEBOUNCE_MS,
  BOT_KINDS,
  BOT_TIMEOUT_MS,
  type BotKind,
  BotReplyRequest,
  type Ticket,
} from '@desk/api-client'
import { type Db, nowIso } from '../../db'
import { AppError, parseInput } from '../../http/errors'
import { createDatabaseWork, type DurableWork, type WorkKind } from '../../jobs/runtime'
import type { MediaStore } from '../media/store'
import type { MessagesService } from '../messages/service'
import type { AddressPolicy } from '../outreach-inputs/address-guard'
import type { OutreachInputs } from '../outreach-inputs/service'
import { findTicket } from '../tickets/repository'
import { batchPayload, isStopWord, testPayload } from './payload'
import { createReplySender } from './replies'
import {
  addAudit,
  contactById,
  deferQueued,
  dropQueued,
  dropQueuedOf,
  enqueueForBot,
  findBotConfig,
  markSwitchFailed,
  moveSwitches,
  queuedBotBatches,
  queuedFor,
  releaseBotLease,
  switchOf,
  takeBotLease,
} from './repository'
import { type BotRetryOptions, nextBotAttempt } from './retry'
import { type BotsService, isLive } from './service'
import { postToBot, verifyBody } from './transport'

export interface BotDispatchOptions extends BotRetryOptions {
  timeoutMs?: number
  debounceMs?: number
  /** How often a dispatch with a runtime of its own asks for due batches (the desk's runtime has its own). */
  pollMs?: number
}

export interface BotDispatchDeps {
  db: Db
  bots: BotsService
  messages: Pick<MessagesService, 'deliver'>
  media: Pick<MediaStore, 'save'>
  inputs: Pick<OutreachInputs, 'fetchMedia'>
  policy: AddressPolicy
  log?: (error: unknown, message: string) => void
  options?: BotDispatchOptions
  /** The desk's durable work runtime, which runs the posts (without it, the dispatch runs one of its own). */
  work?: DurableWork
}

export const BOT_BATCH_KIND = 'bot-batch'
/** One piece of work per batch and due time: a batch pushed later (a new message, a retry) is new work. */
const batchKey = (kind: string, contactId: number, dueAt: string) =>
  `${kind}-${contactId}-${new Date(dueAt).toISOString()}`

/**
 * What happens while a contact's bot is on:
 * - each stored customer message is queued in `bot_inbox` (a stop word ends the bot instead);
 * - once no message came for `debounceMs`, one process takes the lease of that contact and kind
 *   and posts the queued messages as one, signed; the bot's `{replies}` go to the customer through
 *   the usual send path, stored as the desk's messages;
 * - a bot that does not answer (or answers 5xx, 408, 429) gets the same messages again later, 5 s,
 *   10 s, 20 s after (the attempts are counted on the queued rows, so a restart carries on); once
 *   they are spent, or for any other failure, the switch is marked failed (the customer's messages
 *   stay in the ticket);
 * - an agent's reply pauses the contact's bots.
 * The queue and the leases are rows, and each batch's post is a piece of work on the durable runtime
 * (due when the batch is), so a restart or a second process carries on where one stopped.
 */
export const createBotDispatch = ({
  db,
  bots,
  messages,
  media,
  inputs,
  policy,
  log,
  options = {},
  work: shared,
}: BotDispatchDeps) => {
  const timeoutMs = options.timeoutMs ?? BOT_TIMEOUT_MS
  const debounceMs = options.debounceMs ?? BOT_DEBOUNCE_MS
  const holder = `bots-${process.pid}-${randomUUID().slice(0, 8)}`
  const sendReplies = createReplySender({ messages, media, inputs })
  const work = shared ?? createDatabaseWork({ db, pollMs: options.pollMs, log })
  const underWay = new Set<Promise<unknown>>()
  let stopped = true

  /** Hands the batch due at `dueAt` to the runtime (any process may post it). */
  const schedule = (contactId: number, kind: string, dueAt: string) =>
    work.enqueue(
      BOT_BATCH_KIND,
      { contactId, kind },
      { runAt: new Date(dueAt), dedupeKey: batchKey(kind, contactId, dueAt) },
    )

  const fail = async (contactId: number, kind: BotKind, error: string) => {
    await markSwitchFailed(db, contactId, kind, error.slice(0, 500), nowIso())
    await bots.announce(contactId, kind)
  }

  /** Posts one due batch (a contact and a kind) when this process wins its lease. */
  const postBatch = async (contactId: number, kind: BotKind) => {
    const key = { contactId, kind }
    const now = new Date()
    const until = new Date(now.getTime() + timeoutMs + 30_000).toISOString()
    // Another process is posting this contact's batch: look again once it is likely done.
    if (!(await takeBotLease(db, key, holder, now.toISOString(), until))) return { again: new Date(Date.now() + 500) }
    try {
      const queued = await queuedFor(db, contactId, kind, now.toISOString())
      if (!queued.length) return
      const config = await findBotConfig(db, kind)
      const state = (await switchOf(db, contactId, kind))?.state
      const last = queued[queued.length - 1]!
      const ticket = await findTicket(db, last.ticketId)
      const contact = await contactById(db, contactId)
      if (!isLive(config) || state !== 'on' || !ticket || !contact) {
        await dropQueued(
          db,
          queued.map((q) => q.id),
        )
        return
      }
      const payload = batchPayload(kind, ticket, contact, queued)
      const result = await postToBot(config.url, config.secret, JSON.stringify(payload), policy, timeoutMs)
      const failed = Math.max(...queued.map((q) => q.attempts)) + 1
      const retryAt = result.ok ? null : nextBotAttempt(result, failed, Date.now(), options)
      if (retryAt) {
        log?.(
          new Error(result.error ?? 'The bot failed'),
          `bot ${kind} for contact ${contactId}: attempt ${failed} failed`,
        )
        const ids = queued.map((q) => q.id)
        await deferQueued(db, ids, failed, retryAt.toISOString())
        await schedule(contactId, kind, retryAt.toISOString())
        return
      }
      // The messages went (or were given up on): they leave the queue whatever the bot did with them.
      await dropQueued(
        db,
        queued.map((q) => q.id),
      )
      if (!result.ok) return void (await fail(contactId, kind, result.error ?? 'The bot failed'))
      // An agent may have taken over while the bot was thinking (or while a reply's file was
      // fetched): what is left of its answer is then dropped.
      const stillOn = async () => (await switchOf(db, contactId, kind))?.state === 'on'
      if (!(await stillOn())) return
      try {
        await sendReplies(ticket, result.replies, stillOn)
      } catch (error) {
        return void (await fail(contactId, kind, `A reply could not be sent: ${(error as Error).message}`))
      }
      if ((await switchOf(db, contactId, kind))?.failedAt) {
        await markSwitchFailed(db, contactId, kind, null, nowIso())
        await bots.announce(contactId, kind)
      }
    } finally {
      await releaseBotLease(db, key, holder)
    }
  }

  const botKind: WorkKind<{ contactId: number; kind: BotKind }> = {
    kind: BOT_BATCH_KIND,
    // A bot's own retries are counted on the queued messages; this is for a step that broke.
    maxAttempts: 3,
    backoffMs: 1000,
    leaseMs: timeoutMs + 60_000,
    step: async ({ payload }) => {
      const step = postBatch(payload.contactId, payload.kind)
      underWay.add(step)
      try {
        return await step
      } finally {
        underWay.delete(step)
      }
    },
  }
  work.register(botKind)

  /**
   * After a customer message is stored: a stop word ends the contact's bots, else it is queued for them.
   * `on`: the kinds switched on for the ticket's contact, read with the message's marker (`botsOnOfMessage`).
   */
  const inbound = async (
    stored: { ticketId: number | null; messageId: number | string | null },
    body: string,
    on: readonly BotKind[],
  ) => {
    const messageId = Number(stored.messageId)
    if (stored.ticketId === null || !Number.isInteger(messageId) || messageId <= 0 || !on.length) return
    const ticket = await findTicket(db, stored.ticketId)
    if (!ticket || ticket.isGroup) return
    const now = nowIso()
    const dueAt = new Date(Date.now() + debounceMs).toISOString()
    for (const kind of on) {
      const config = await findBotConfig(db, kind)
      if (!isLive(config)) continue
      if (isStopWord(config.stopWords, body)) {
        if ((await moveSwitches(db, ticket.contactId, 'on', 'off', now, [kind])).length) {
          await dropQueuedOf(db, ticket.contactId, [kind])
          const number = ticket.contact.number
          await addAudit(db, { kind, action: 'stopped', contactId: ticket.contactId, number, userId: null }, now)
          await bots.announce(ticket.contactId, kind)
        }
        continue
      }
      await enqueueForBot(db, { contactId: ticket.contactId, kind, ticketId: ticket.id, messageId, dueAt })
      await schedule(ticket.contactId, kind, dueAt)
    }
  }

  /** An agent wrote to the contact: their bots that are on pause until someone switches them on again. */
  const agentReplied = async (ticket: Ticket, userId: number) => {
    const now = nowIso()
    const paused = await moveSwitches(db, ticket.contactId, 'on', 'paused', now)
    if (!paused.length) return
    await dropQueuedOf(db, ticket.contactId, paused)
    for (const kind of paused) {
      const number = ticket.contact.number
      await addAudit(db, { kind, action: 'paused', contactId: ticket.contactId, number, userId }, now)
      await bots.announce(ticket.contactId, kind as BotKind)
    }
  }

  /** `POST /bots/:kind/reply`: a later answer, signed with the bot's secret over the raw body. */
  const reply = async (kind: BotKind, raw: Buffer, signature: string | undefined) => {
    const config = await findBotConfig(db, kind)
    if (!config?.secret || !verifyBody(config.secret, raw, signature)) throw new AppError('ERR_NO_PERMISSION', 403)
    let json: unknown
    try {
      json = JSON.parse(raw.toString('utf8'))
    } catch {
      throw new AppError('ERR_VALIDATION', 400, [], 'The body is not JSON')
    }
    const input = parseInput(BotReplyRequest, json)
    const ticket = await findTicket(db, input.ticketId)
    if (!ticket) throw new AppError('ERR_NO_TICKET_FOUND', 404)
    if (!isLive(config) || (await switchOf(db, ticket.contactId, kind))?.state !== 'on') {
      throw new AppError('ERR_BOT_OFF', 409)
    }
    const stillOn = async () => (await switchOf(db, ticket.contactId, kind))?.state === 'on'
    return { sent: await sendReplies(ticket, input.replies, stillOn) }
  }

  /** The admin page's test console: a sample message to the bot, and what came back. */
  const test = async (kind: BotKind, text: string) => {
    const config = await findBotConfig(db, kind)
    if (!config?.url || !config.secret) throw new AppError('ERR_BOT_NOT_CONFIGURED', 409)
    const payload = testPayload(kind, text, nowIso())
    const { refused: _refused, ...result } = await postToBot(
      config.url,
      config.secret,
      JSON.stringify(payload),
      policy,
      timeoutMs,
    )
    return result
  }

  return {
    inbound,
    agentReplied,
    reply,
    test,
    kinds: BOT_KINDS,
    /** Takes on batches queued with no work yet (before the runtime, or by a process that stopped), then posts. */
    async start() {
      if (!stopped) return
      stopped = false
      work.register(botKind)
      for (const batch of await queuedBotBatches(db)) {
        const dueAt: unknown = batch.dueAt
        await schedule(batch.contactId, batch.kind, dueAt instanceof Date ? dueAt.toISOString() : String(dueAt))
      }
      if (!shared) await work.start()
    },
    /** This process stops posting (another takes the batches) and waits for the posts under way. */
    async stop() {
      stopped = true
      work.unregister(BOT_BATCH_KIND)
      if (!shared) await work.stop()
      await Promise.allSettled([...underWay])
    },
  }
}

export type BotDispatch = ReturnType<typeof createBotDispatch>
