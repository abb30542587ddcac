import { CompiledQuery } from 'kysely'
import { dialectOf } from './dialect'
import type { Db, Executor } from './index'

/**
 * Transactions a group holds at most. A group runs without yielding to I/O (SQLite's statements are
 * synchronous), so this bounds how long it holds the event loop; 16 already shares a commit 16 ways.
 */
const GROUP_LIMIT = 16

/** The next turn of the event loop, taken once: a test's fake timers never hold a commit back. */
const nextTurn = setImmediate

/** Compiled once: a group runs two of them for each transaction it holds. */
const SAVEPOINT = CompiledQuery.raw('savepoint group_member')
const RELEASE = CompiledQuery.raw('release group_member')
const ROLLBACK_TO = CompiledQuery.raw('rollback to group_member')

interface Entry {
  work: (trx: Executor) => Promise<unknown>
  /** One statement with nothing after it that can fail: no savepoint (see `lone`). */
  lone: boolean
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/**
 * Runs small write transactions as one (group commit). On SQLite every commit writes the log and
 * its header, which costs more than the statements of an arriving message; the database has one
 * connection, so those transactions run one after another anyway. Here the transactions that arrive
 * while one group runs wait, and run together as the next group: each inside its own savepoint (a
 * failure undoes that one alone and rejects its caller), then one commit for all of them. Every caller
 * is answered only after that commit, so what it wrote is durable when it hears back. A commit that
 * fails rejects every caller of its group (nothing of the group was written).
 *
 * Callers that depend on each other's order must not be in flight together (the inbound service
 * handles one conversation's messages one at a time); those that are run in the order they came.
 * On PostgreSQL each transaction keeps its own connection from the pool and commits on its own,
 * as concurrent transactions there do not wait for each other.
 */
export const createGroupCommit = (db: Db) => {
  let queued: Entry[] = []
  let running = false

  const runGroup = async (group: Entry[]) => {
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = []
    try {
      await db.transaction().execute(async (trx) => {
        // Alone, it needs no savepoint: its failure rolls the transaction back.
        if (group.length === 1) {
          outcomes.push({ ok: true, value: await group[0]!.work(trx) })
          return
        }
        for (const { work, lone } of group) {
          if (lone) {
            // SQLite undoes a statement that fails, and only it: the transaction goes on without it.
            outcomes.push(await work(trx).then(settled, unsettled))
            continue
          }
          await trx.executeQuery(SAVEPOINT)
          try {
            const value = await work(trx)
            await trx.executeQuery(RELEASE)
            outcomes.push({ ok: true, value })
          } catch (error) {
            await trx.executeQuery(ROLLBACK_TO)
            await trx.executeQuery(RELEASE)
            outcomes.push({ ok: false, error })
          }
        }
      })
    } catch (error) {
      for (const entry of group) entry.reject(error)
      return
    }
    group.forEach((entry, i) => {
      const outcome = outcomes[i]!
      if (outcome.ok) entry.resolve(outcome.value)
      else entry.reject(outcome.error)
    })
  }

  /** Runs one group; what arrived meanwhile waits for the next turn, with what that turn brings. */
  const drain = async () => {
    const group = queued.slice(0, GROUP_LIMIT)
    queued = queued.slice(GROUP_LIMIT)
    try {
      await runGroup(group)
    } finally {
      if (queued.length) nextTurn(() => void drain())
      else running = false
    }
  }

  const join = <T>(work: (trx: Executor) => Promise<T>, lone = false): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      queued.push({ work, lone, resolve: resolve as (value: unknown) => void, reject })
      // Started on the next turn of the event loop, so that what arrives in this one (the requests
      // read from every connection that had data) joins the group: SQLite's statements never yield
      // to I/O, so nothing can join a group once it runs.
      if (!running) {
        running = true
        nextTurn(() => void drain())
      }
    })

  /** Runs `work` as a transaction: on SQLite in the next group, elsewhere on its own. */
  const transact = <T>(work: (trx: Executor) => Promise<T>): Promise<T> =>
    dialectOf(db) === 'sqlite' ? join(work) : db.transaction().execute(work)
  /**
   * A short write without a transaction of its own (one statement, or a few that are safe to commit apart
   * elsewhere): on SQLite in the next group, inside a savepoint; elsewhere run as it is, each statement
   * committed on its own.
   */
  const statement = <T>(work: (db: Executor) => Promise<T>): Promise<T> =>
    dialectOf(db) === 'sqlite' ? join(work) : work(db)
  /**
   * Exactly one statement, and no code after it that can throw: on SQLite in the next group without a
   * savepoint of its own, as SQLite undoes a failing statement by itself (the rest of the group stays);
   * elsewhere as `statement`. Work that runs more than one statement goes through `statement`.
   */
  const lone = <T>(work: (db: Executor) => Promise<T>): Promise<T> =>
    dialectOf(db) === 'sqlite' ? join(work, true) : work(db)
  return Object.assign(transact, { statement, lone })
}

const settled = (value: unknown) => ({ ok: true as const, value })
const unsettled = (error: unknown) => ({ ok: false as const, error })

export type GroupCommit = ReturnType<typeof createGroupCommit>
