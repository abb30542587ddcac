import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type Database, type Executor, openDatabase } from '../../src/db'
import { createGroupCommit, type GroupCommit } from '../../src/db/group-commit'

/**
 * The group commit on SQLite: the writes that arrive in one turn of the event loop share one commit, each
 * caller hears only of its own write, and one write that fails takes nothing of the others with it.
 */
describe('group commit (SQLite)', () => {
  let dataDir: string
  let database: Database
  let group: GroupCommit
  /** Every statement sent while a test runs, as sent. */
  let sent: string[]

  beforeEach(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'desk-group-'))
    sent = []
    database = openDatabase({ dataDir, onStatement: ({ sql: text }) => void sent.push(text) })
    await sql`create table notes (id integer primary key, body text not null unique)`.execute(database.db)
    group = createGroupCommit(database.db)
    sent = []
  })
  afterEach(async () => {
    await database.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const add = (trx: Executor, body: string) => sql`insert into notes (body) values (${body})`.execute(trx)
  const bodies = async () =>
    (await sql<{ body: string }>`select body from notes order by id`.execute(database.db)).rows.map((r) => r.body)
  const count = (text: string) => sent.filter((s) => s.toLowerCase() === text).length

  it('commits the writes of one turn once, and answers each caller with its own value', async () => {
    const answers = await Promise.all([
      group(async (trx) => add(trx, 'a').then(() => 'first')),
      group.statement(async (trx) => add(trx, 'b').then(() => 'second')),
      group.lone(async (trx) => add(trx, 'c').then(() => 'third')),
    ])
    expect(answers).toEqual(['first', 'second', 'third'])
    expect(await bodies()).toEqual(['a', 'b', 'c'])
    expect(count('commit')).toBe(1)
  })

  it('undoes a failed write alone, all of its statements, and rejects only its caller', async () => {
    const outcomes = await Promise.allSettled([
      group(async (trx) => add(trx, 'kept')),
      group(async (trx) => {
        await add(trx, 'undone')
        throw new Error('the second write fails after its first statement')
      }),
      group.statement(async (trx) => {
        await add(trx, 'undone too')
        await add(trx, 'kept') // taken: refused by the unique index
      }),
      group(async (trx) => add(trx, 'after')),
    ])
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled'])
    expect(await bodies()).toEqual(['kept', 'after'])
    expect(count('commit')).toBe(1)
  })

  it('runs a lone statement without a savepoint; one that is refused leaves the rest of its group', async () => {
    const outcomes = await Promise.allSettled([
      group.lone(async (trx) => add(trx, 'one')),
      group.lone(async (trx) => add(trx, 'one')),
      group.lone(async (trx) => add(trx, 'two')),
    ])
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled'])
    expect(String((outcomes[1] as PromiseRejectedResult).reason)).toMatch(/UNIQUE/)
    expect(await bodies()).toEqual(['one', 'two'])
    expect(count('commit')).toBe(1)
    expect(sent.filter((s) => /savepoint|release|rollback to/i.test(s))).toEqual([])
  })

  it('puts a savepoint around each write that is not lone, in a group of more than one', async () => {
    await Promise.all([group(async (trx) => add(trx, 'x')), group.statement(async (trx) => add(trx, 'y'))])
    expect(count('savepoint group_member')).toBe(2)
    expect(count('release group_member')).toBe(2)
  })
})
