import type { Db } from '../../db'

export type WorkRow = NonNullable<Awaited<ReturnType<typeof workRow>>>

export const workRow = (db: Db, id: number) =>
  db.selectFrom('durable_work').selectAll().where('id', '=', id).executeTakeFirst()

/** Stores a piece of work; undefined when its (kind, dedupe key) exists already. */
export const insertWork = async (
  db: Db,
  work: { kind: string; payload: string; dedupeKey: string | null; runAt: string; everyMs?: number },
  now: string,
): Promise<number | undefined> =>
  (
    await db
      .insertInto('durable_work')
      .values({
        kind: work.kind,
        dedupeKey: work.dedupeKey,
        payload: work.payload,
        state: 'queued',
        paused: 0,
        runAt: work.runAt,
        everyMs: work.everyMs ?? null,
        attempts: 0,
        lastError: null,
        progress: null,
        leaseHolder: null,
        leaseUntil: null,
        createdAt: now,
        updatedAt: now,
      })
      .onConflict((oc) => oc.columns(['kind', 'dedupeKey']).doNothing())
      .returning('id')
      .executeTakeFirst()
  )?.id

/** Work due now of the given kinds: queued whose time has come, or running with a lapsed lease. */
export const dueWorkIds = async (db: Db, kinds: string[], now: string, limit: number): Promise<number[]> =>
  kinds.length === 0
    ? []
    : (
        await db
          .selectFrom('durable_work')
          .select('id')
          .where('kind', 'in', kinds)
          .where('paused', '=', 0)
          .where((eb) =>
            eb.or([
              eb.and([eb('state', '=', 'queued'), eb('runAt', '<=', now)]),
              eb.and([eb('state', '=', 'running'), eb('leaseUntil', '<', now)]),
            ]),
          )
          .orderBy('runAt')
          .orderBy('id')
          .limit(limit)
          .execute()
      ).map((r) => r.id)

/** The earliest time queued work of these kinds is due (for a timer in this process). */
export const nextRunAt = async (db: Db, kinds: string[]): Promise<string | undefined> =>
  kinds.length === 0
    ? undefined
    : ((
        await db
          .selectFrom('durable_work')
          .select((eb) => eb.fn.min('runAt').as('at'))
          .where('kind', 'in', kinds)
          .where('state', '=', 'queued')
          .where('paused', '=', 0)
          .executeTakeFirst()
      )?.at ?? undefined)

/**
 * Takes due work for `holder` until `leaseUntil`, counting the attempt: a conditional write, so two
 * processes never run one piece of work at once. False when someone else has it or it is not due.
 */
export const claimWork = async (db: Db, id: number, holder: string, now: string, leaseUntil: string) =>
  Number(
    (
      await db
        .updateTable('durable_work')
        .set((eb) => ({
          state: 'running',
          leaseHolder: holder,
          leaseUntil,
          attempts: eb('attempts', '+', 1),
          updatedAt: now,
        }))
        .where('id', '=', id)
        .where('paused', '=', 0)
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'queued'), eb('runAt', '<=', now)]),
            eb.and([eb('state', '=', 'running'), eb('leaseUntil', '<', now)]),
          ]),
        )
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1

/** Extends `holder`'s lease; false when it is no longer theirs. */
export const extendLease = async (db: Db, id: number, holder: string, leaseUntil: string, now: string) =>
  Number(
    (
      await db
        .updateTable('durable_work')
        .set({ leaseUntil, updatedAt: now })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .where('leaseHolder', '=', holder)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1

/** Records how an attempt ended (only while `holder` still has the work). */
export const finishWork = async (
  db: Db,
  id: number,
  holder: string,
  outcome: { state: 'queued' | 'done' | 'failed'; runAt?: string; error: string | null; resetAttempts?: boolean },
  now: string,
) =>
  Number(
    (
      await db
        .updateTable('durable_work')
        .set({
          state: outcome.state,
          lastError: outcome.error,
          leaseHolder: null,
          leaseUntil: null,
          updatedAt: now,
          ...(outcome.runAt ? { runAt: outcome.runAt } : {}),
          ...(outcome.resetAttempts ? { attempts: 0 } : {}),
        })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .where('leaseHolder', '=', holder)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1

export const setProgress = (db: Db, id: number, progress: string, now: string) =>
  db.updateTable('durable_work').set({ progress, updatedAt: now }).where('id', '=', id).execute()

export const setPaused = async (db: Db, kind: string, dedupeKey: string, paused: boolean, now: string) =>
  Number(
    (
      await db
        .updateTable('durable_work')
        .set({ paused: paused ? 1 : 0, updatedAt: now })
        .where('kind', '=', kind)
        .where('dedupeKey', '=', dedupeKey)
        .where('paused', '=', paused ? 0 : 1)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1

export const workByKey = (db: Db, kind: string, dedupeKey: string) =>
  db
    .selectFrom('durable_work')
    .selectAll()
    .where('kind', '=', kind)
    .where('dedupeKey', '=', dedupeKey)
    .executeTakeFirst()

/** A recurring kind's period, kept as the current configuration says. */
export const setEvery = (db: Db, kind: string, dedupeKey: string, everyMs: number) =>
  db
    .updateTable('durable_work')
    .set({ everyMs })
    .where('kind', '=', kind)
    .where('dedupeKey', '=', dedupeKey)
    .where('everyMs', '<>', everyMs)
    .execute()

/** Forgets work that is done (not recurring, not failed: those stay for a look) older than `before`. */
export const pruneWork = (db: Db, before: string) =>
  db
    .deleteFrom('durable_work')
    .where('state', '=', 'done')
    .where('everyMs', 'is', null)
    .where('updatedAt', '<', before)
    .execute()

/** Failed or done work queued again now, with a fresh count of attempts. */
export const requeueWork = async (db: Db, kind: string, dedupeKey: string, now: string) =>
  Number(
    (
      await db
        .updateTable('durable_work')
        .set({ state: 'queued', attempts: 0, runAt: now, lastError: null, updatedAt: now })
        .where('kind', '=', kind)
        .where('dedupeKey', '=', dedupeKey)
        .where('state', 'in', ['failed', 'done'])
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1
