import type { Db } from '../../db'

export type WorkRow = NonNullable<Awaited<ReturnType<typeof workRow>>>
type WorkState = WorkRow['state']

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
        wakeAt: null,
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

/**
 * Records how an attempt ended (only while `holder` still has the work). A wake that came meanwhile
 * (`wakeAt`) wins over "done" and over a later time: the work is queued again for it, in the same write.
 */
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
        .set((eb) => {
          const woken = eb('wakeAt', 'is not', null)
          const runAt = outcome.runAt
            ? eb
                .case()
                .when(eb.and([woken, eb('wakeAt', '<', outcome.runAt)]))
                .then(eb.ref('wakeAt'))
                .else(outcome.runAt)
                .end()
            : eb.case().when(woken).then(eb.ref('wakeAt')).else(eb.ref('runAt')).end()
          return {
            state: eb.case().when(woken).then(eb.val<WorkState>('queued')).else(eb.val<WorkState>(outcome.state)).end(),
            runAt: eb.fn.coalesce(runAt, eb.ref('runAt')),
            attempts: outcome.resetAttempts ? 0 : eb.case().when(woken).then(0).else(eb.ref('attempts')).end(),
            wakeAt: null,
            lastError: outcome.error,
            leaseHolder: null,
            leaseUntil: null,
            updatedAt: now,
          }
        })
        .where('id', '=', id)
        .where('state', '=', 'running')
        .where('leaseHolder', '=', holder)
        .executeTakeFirst()
    ).numUpdatedRows,
  ) === 1

/**
 * Has keyed work run at `runAt`: queued work moves to that time, finished work is queued again with a
 * fresh count of attempts, work under way keeps the wake for when its step is over, and missing work is
 * stored. Each branch is one conditional write; a race with a step finishing just tries the next one.
 */
export const wakeWork = async (
  db: Db,
  work: { kind: string; payload: string; dedupeKey: string; runAt: string },
  now: string,
): Promise<void> => {
  for (let tries = 0; tries < 5; tries += 1) {
    const queued = await db
      .updateTable('durable_work')
      .set((eb) => ({
        state: 'queued',
        runAt: work.runAt,
        attempts: eb.case().when('state', '=', 'queued').then(eb.ref('attempts')).else(0).end(),
        updatedAt: now,
      }))
      .where('kind', '=', work.kind)
      .where('dedupeKey', '=', work.dedupeKey)
      .where('state', 'in', ['queued', 'done', 'failed'])
      .executeTakeFirst()
    if (Number(queued.numUpdatedRows) > 0) return
    const running = await db
      .updateTable('durable_work')
      .set({ wakeAt: work.runAt, updatedAt: now })
      .where('kind', '=', work.kind)
      .where('dedupeKey', '=', work.dedupeKey)
      .where('state', '=', 'running')
      .executeTakeFirst()
    if (Number(running.numUpdatedRows) > 0) return
    if ((await insertWork(db, work, now)) !== undefined) return
  }
  throw new Error(`${work.kind} ${work.dedupeKey} could not be woken`)
}

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

/** What a runtime needs to hand a piece of work to a queue: which, its kind, when, and which attempt. */
export type WorkTiming = Pick<WorkRow, 'id' | 'kind' | 'runAt' | 'attempts'>

/**
 * Work of these kinds a queue in front of the database should know of: queued (not paused) due by
 * `dueBy` (every queued piece, without it), and running work whose lease lapsed before `now`.
 */
export const workToHand = async (
  db: Db,
  kinds: string[],
  options: { now: string; dueBy?: string; limit: number },
): Promise<WorkTiming[]> =>
  kinds.length === 0
    ? []
    : db
        .selectFrom('durable_work')
        .select(['id', 'kind', 'runAt', 'attempts'])
        .where('kind', 'in', kinds)
        .where('paused', '=', 0)
        .where((eb) =>
          eb.or([
            options.dueBy
              ? eb.and([eb('state', '=', 'queued'), eb('runAt', '<=', options.dueBy)])
              : eb('state', '=', 'queued'),
            eb.and([eb('state', '=', 'running'), eb('leaseUntil', '<', options.now)]),
          ]),
        )
        .orderBy('runAt')
        .orderBy('id')
        .limit(options.limit)
        .execute()

/** The dedupe key of a kind's recurring schedule (one row that moves to its next time). */
export const RECURRING_KEY = 'every'

/** Stores a kind's recurring schedule (first run one period from now) once, and keeps its period as configured. */
export const scheduleRecurring = async (db: Db, kind: string, everyMs: number) => {
  const now = new Date()
  await insertWork(
    db,
    {
      kind,
      payload: 'null',
      dedupeKey: RECURRING_KEY,
      runAt: new Date(now.getTime() + everyMs).toISOString(),
      everyMs,
    },
    now.toISOString(),
  )
  await setEvery(db, kind, RECURRING_KEY, everyMs)
}
