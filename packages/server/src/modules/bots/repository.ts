import type { BotKind } from '@desk/api-client'
import { sql } from 'kysely'
import type { Executor } from '../../db'
import type { HookRead } from '../inbound/repository'

/** Every query of the bots module (configs, switches, the debounced inbox, leases, audit). */

export const findBotConfig = (db: Executor, kind: BotKind) =>
  db.selectFrom('bot_configs').selectAll().where('kind', '=', kind).executeTakeFirst()

export const listBotConfigs = (db: Executor) => db.selectFrom('bot_configs').selectAll().execute()

export const saveBotConfig = async (
  db: Executor,
  row: { kind: BotKind; url: string; secret: string; enabled: number; stopWords: string; updatedAt: string },
) => {
  await db
    .insertInto('bot_configs')
    .values(row)
    .onConflict((oc) =>
      oc.column('kind').doUpdateSet({
        url: row.url,
        secret: row.secret,
        enabled: row.enabled,
        stopWords: row.stopWords,
        updatedAt: row.updatedAt,
      }),
    )
    .execute()
}

export const contactByNumber = (db: Executor, number: string) =>
  db.selectFrom('contacts').select(['id', 'name', 'number']).where('number', '=', number).executeTakeFirst()

export const contactById = (db: Executor, id: number) =>
  db.selectFrom('contacts').select(['id', 'name', 'number']).where('id', '=', id).executeTakeFirst()

/**
 * Who may see a contact's tickets depends on their holder, status and queue only: each combination
 * once, with the newest ticket that has it (whoever may see one of them may switch the contact's bots,
 * and hears the switches change).
 */
export const ticketSightsOfContact = (db: Executor, contactId: number) =>
  db
    .selectFrom('tickets')
    .select(['userId', 'status', 'queueId'])
    .select((eb) => eb.fn.max('id').as('latestId'))
    .where('contactId', '=', contactId)
    .groupBy(['userId', 'status', 'queueId'])
    .execute()

export const switchesOf = (db: Executor, contactId: number) =>
  db.selectFrom('bot_switches').selectAll().where('contactId', '=', contactId).execute()

/**
 * The kinds of the bots switched on for the contact of an arriving message's ticket, comma-separated (null
 * for none): read with the message's marker (see `HookRead`), so most messages, whose contact has no bot on,
 * cost the bots no statement of their own.
 */
export const botsOnOfMessage: HookRead = (eb, dialect) =>
  eb
    .selectFrom('bot_switches')
    .innerJoin('tickets', 'tickets.contactId', 'bot_switches.contactId')
    .innerJoin('messages', 'messages.ticketId', 'tickets.id')
    .whereRef('messages.id', '=', 'inbound_pending.messageId')
    .where('bot_switches.state', '=', 'on')
    .select(
      dialect === 'postgres'
        ? sql<string | null>`string_agg("bot_switches"."kind", ',')`.as('kinds')
        : sql<string | null>`group_concat("bot_switches"."kind", ',')`.as('kinds'),
    )

/** The kinds `botsOnOfMessage` read. */
export const botKindsOf = (read: string | null | undefined): BotKind[] => (read ? (read.split(',') as BotKind[]) : [])

export const switchOf = (db: Executor, contactId: number, kind: BotKind) =>
  db
    .selectFrom('bot_switches')
    .selectAll()
    .where('contactId', '=', contactId)
    .where('kind', '=', kind)
    .executeTakeFirst()

/** Sets a switch (a new one starts without failure; switching on clears the last failure). */
export const setSwitch = async (db: Executor, contactId: number, kind: BotKind, state: string, now: string) => {
  await db
    .insertInto('bot_switches')
    .values({ contactId, kind, state, failedAt: null, error: null, updatedAt: now })
    .onConflict((oc) =>
      oc.columns(['contactId', 'kind']).doUpdateSet({ state, failedAt: null, error: null, updatedAt: now }),
    )
    .execute()
}

/** Moves the contact's switches that are `from` to `to`; answers the kinds that moved. */
export const moveSwitches = async (
  db: Executor,
  contactId: number,
  from: string,
  to: string,
  now: string,
  kinds?: readonly string[],
): Promise<string[]> => {
  let query = db
    .updateTable('bot_switches')
    .set({ state: to, updatedAt: now })
    .where('contactId', '=', contactId)
    .where('state', '=', from)
  if (kinds) query = query.where('kind', 'in', [...kinds])
  const rows = await query.returning('kind').execute()
  return rows.map((r) => r.kind)
}

export const markSwitchFailed = async (
  db: Executor,
  contactId: number,
  kind: BotKind,
  error: string | null,
  now: string,
) => {
  await db
    .updateTable('bot_switches')
    .set({ failedAt: error === null ? null : now, error })
    .where('contactId', '=', contactId)
    .where('kind', '=', kind)
    .execute()
}

/**
 * Queues a customer message for a bot and pushes the due time of everything queued for that
 * contact and kind to `dueAt`: messages arriving close together go as one.
 */
export const enqueueForBot = async (
  db: Executor,
  row: { contactId: number; kind: BotKind; ticketId: number; messageId: number; dueAt: string },
) => {
  await db.insertInto('bot_inbox').values(row).execute()
  await db
    .updateTable('bot_inbox')
    .set({ dueAt: row.dueAt })
    .where('contactId', '=', row.contactId)
    .where('kind', '=', row.kind)
    .where('dueAt', '<', row.dueAt)
    .execute()
}

export const queuedFor = (db: Executor, contactId: number, kind: string, now: string) =>
  db
    .selectFrom('bot_inbox')
    .innerJoin('messages', 'messages.id', 'bot_inbox.messageId')
    .select([
      'bot_inbox.id as id',
      'bot_inbox.ticketId as ticketId',
      'bot_inbox.attempts as attempts',
      'messages.id as messageId',
      'messages.body as body',
      'messages.mediaType as mediaType',
      'messages.createdAt as createdAt',
    ])
    .where('bot_inbox.contactId', '=', contactId)
    .where('bot_inbox.kind', '=', kind)
    .where('bot_inbox.dueAt', '<=', now)
    .orderBy('bot_inbox.id')
    .execute()

export const dropQueued = async (db: Executor, ids: readonly number[]) => {
  if (ids.length)
    await db
      .deleteFrom('bot_inbox')
      .where('id', 'in', [...ids])
      .execute()
}

/** Queued messages a bot failed to answer: due again at `dueAt`, with the attempts made so far. */
export const deferQueued = async (db: Executor, ids: readonly number[], attempts: number, dueAt: string) => {
  if (ids.length)
    await db
      .updateTable('bot_inbox')
      .set({ attempts, dueAt })
      .where('id', 'in', [...ids])
      .execute()
}

export const dropQueuedOf = async (db: Executor, contactId: number, kinds: readonly string[]) => {
  if (kinds.length)
    await db
      .deleteFrom('bot_inbox')
      .where('contactId', '=', contactId)
      .where('kind', 'in', [...kinds])
      .execute()
}

/** One poster at a time per contact and kind, across processes (same pattern as the connection send lease). */
export const takeBotLease = async (
  db: Executor,
  key: { contactId: number; kind: string },
  holder: string,
  now: string,
  until: string,
): Promise<boolean> => {
  const inserted = await db
    .insertInto('bot_leases')
    .values({ ...key, holder, expiresAt: until })
    .onConflict((oc) => oc.columns(['contactId', 'kind']).doNothing())
    .executeTakeFirst()
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0) return true
  const taken = await db
    .updateTable('bot_leases')
    .set({ holder, expiresAt: until })
    .where('contactId', '=', key.contactId)
    .where('kind', '=', key.kind)
    .where('expiresAt', '<', now)
    .executeTakeFirst()
  return Number(taken.numUpdatedRows) > 0
}

export const releaseBotLease = async (db: Executor, key: { contactId: number; kind: string }, holder: string) => {
  await db
    .deleteFrom('bot_leases')
    .where('contactId', '=', key.contactId)
    .where('kind', '=', key.kind)
    .where('holder', '=', holder)
    .execute()
}

export const addAudit = async (
  db: Executor,
  row: { kind: string; action: string; contactId: number | null; number: string | null; userId: number | null },
  now: string,
) => {
  await db
    .insertInto('bot_audit')
    .values({ ...row, createdAt: now })
    .execute()
}

export const AUDIT_PAGE = 40

export const listAudit = (db: Executor, kind: string | undefined, page: number) => {
  let query = db
    .selectFrom('bot_audit')
    .leftJoin('users', 'users.id', 'bot_audit.userId')
    .select([
      'bot_audit.id as id',
      'bot_audit.kind as kind',
      'bot_audit.action as action',
      'bot_audit.number as number',
      'bot_audit.userId as userId',
      'users.name as userName',
      'bot_audit.createdAt as createdAt',
    ])
  if (kind) query = query.where('bot_audit.kind', '=', kind)
  return query
    .orderBy('bot_audit.id', 'desc')
    .limit(AUDIT_PAGE + 1)
    .offset((page - 1) * AUDIT_PAGE)
    .execute()
}

/** Every contact and kind with queued messages, with when the batch is due (to hand them to the runtime). */
export const queuedBotBatches = (db: Executor) =>
  db
    .selectFrom('bot_inbox')
    .select(['contactId', 'kind', (eb) => eb.fn.max('dueAt').as('dueAt')])
    .groupBy(['contactId', 'kind'])
    .execute()
