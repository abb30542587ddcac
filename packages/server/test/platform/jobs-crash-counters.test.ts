import { randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Job, JobEvent, JobRecipient, RecipientState } from '@desk/api-client'
import SQLite from 'better-sqlite3'
import { Redis } from 'ioredis'
import { sql } from 'kysely'
import pg from 'pg'
import { io as connectSocket } from 'socket.io-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../src/db'
import { createServer } from '../../src/index'
import { startChildDesk } from '../support/child'
import { connectSimulator, listen, simulatorControls } from '../support/desk'
import { createStorage, type DriverName, pgAvailable, type TestStorage } from '../support/drivers'
import { bulkText, finished, type JobsDesk, recipientsOf, sleep, startJobsDesk, waitForJob } from '../support/jobs'
import { REDIS, redisAvailable } from '../support/redis'
import { Client, PASSWORD } from '../support/server'

/** Polls `check` until it answers something (not undefined), a bounded number of times. */
const until = async <T>(what: string, check: () => Promise<T | undefined>, tries = 500): Promise<T> => {
  for (let i = 0; i < tries; i++) {
    const found = await check()
    if (found !== undefined) return found
    await sleep(10)
  }
  throw new Error(`never happened: ${what}`)
}

/** The desk as `npm start` runs it, in its own process, on the storage given. */
const startChild = (storage: TestStorage) =>
  startChildDesk(storage.dataDir, {
    DATABASE_URL: storage.databaseUrl ?? '',
    REDIS_URL: '',
    // A killed process's hold on its job lapses in a second, so the next process takes the job soon.
    JOB_LEASE_SECONDS: '1',
  })

/** A job's recipients counted by state, read through the API a page at a time. */
const countRecipients = async (client: Client, jobId: number) => {
  const all: JobRecipient[] = []
  for (let page = 1; ; page++) {
    const res = await client.call('jobRecipients', { params: { id: jobId }, query: { pageNumber: page } })
    all.push(...res.body.recipients)
    if (!res.body.hasMore) break
  }
  const counts: Record<'sent' | 'failed' | 'skipped' | 'uncertain', number> = {
    sent: 0,
    failed: 0,
    skipped: 0,
    uncertain: 0,
  }
  for (const r of all) if (r.state in counts) counts[r.state as keyof typeof counts] += 1
  return { all, counts, total: all.length }
}

const countersOf = (job: Job) => ({
  sent: job.sent,
  failed: job.failed,
  skipped: job.skipped,
  uncertain: job.uncertain,
})

const numbersFrom = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i + 1).padStart(3, '0')}`)

describe.runIf(pgAvailable)('a job killed with SIGKILL between a send and its count (PostgreSQL)', () => {
  let storage: TestStorage
  beforeAll(async () => {
    storage = await createStorage('postgres')
  })
  afterAll(() => storage?.cleanup())

  it('the next process finishes it: counters, list and events equal the recipients, and nobody gets two messages', async () => {
    const numbers = numbersFrom('5511955500', 12)
    const pgc = new pg.Client({ connectionString: storage.databaseUrl })
    await pgc.connect()
    const { kill, url } = await startChild(storage)
    let network: SQLite.Database | undefined
    let jobId: number
    let connectionId: number
    try {
      const admin = new Client(url)
      expect(
        (await admin.call('signup', { body: { name: 'Admin', email: 'admin@desk.test', password: PASSWORD } })).status,
      ).toBe(200)
      await admin.login('admin@desk.test', PASSWORD)
      const sim = await connectSimulator(admin, { name: 'Outreach line' })
      connectionId = sim.id

      // Catch the process between the two writes of a send. The simulated network is a SQLite file that
      // records each send before the driver answers: while the test holds its write lock, the job's first send
      // waits with its recipient claimed (`sending`). Meanwhile the test locks the job's row, then lets the send
      // go: the process records the send and stops on the job's row, where the count is written.
      expect(await sim.outbox()).toEqual([]) // the desk has opened the network's file
      network = new SQLite(path.join(storage.dataDir, 'simulator', 'network.sqlite'))
      network.pragma('busy_timeout = 5000')
      network.exec('begin immediate')
      const job = await bulkText(admin, sim.id, numbers)
      jobId = job.id
      await until('a recipient is being sent', async () => {
        const { rows } = await pgc.query(`select 1 from job_recipients where "jobId" = $1 and state = 'sending'`, [
          job.id,
        ])
        return rows.length ? true : undefined
      })
      await pgc.query('begin')
      await pgc.query('select id from jobs where id = $1 for update', [job.id])
      network.exec('rollback')
      const blocked = await until('the process waits on the job row', async () => {
        const { rows } = await pgc.query(
          'select pid from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))',
        )
        return rows[0]?.pid as number | undefined
      })
      // The process dies there; so does its statement in flight (its connection goes with it).
      await kill()
      await pgc.query('select pg_terminate_backend($1)', [blocked])
      await pgc.query('rollback')
    } finally {
      network?.close()
      await kill()
    }

    // Another process on the same database and data folder finishes the job.
    const next = createServer({
      dataDir: storage.dataDir,
      databaseUrl: storage.databaseUrl,
      port: 0,
      host: '127.0.0.1',
      simulator: { qrRefreshMs: 0 },
      autoCloseHours: 0,
      jobs: { pollMs: 50 },
    })
    try {
      const { url } = await next.listen()
      const admin = new Client(url)
      await admin.login('admin@desk.test', PASSWORD)
      const socket = connectSocket(url, {
        transports: ['websocket'],
        reconnection: false,
        auth: { token: admin.token },
      })
      await new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve())
        socket.once('connect_error', reject)
      })
      const ear = listen(socket)
      try {
        // The dead process's hold on the line lapses after its send timeout; here it lapses now.
        await pgc.query(`update connection_send_leases set "expiresAt" = $1`, [new Date(0).toISOString()])
        const done = await waitForJob(admin, jobId, finished)
        const recipients = await countRecipients(admin, jobId)
        expect(done.status).toBe('done')
        expect(countersOf(done)).toEqual(recipients.counts)
        expect(done.total).toBe(recipients.total)
        const listed = (await admin.call('jobList')).body.jobs.find((j) => j.id === jobId)
        expect(countersOf(listed as Job)).toEqual(recipients.counts)
        const event = await ear.until<JobEvent>(
          (name, p) => name === 'job' && (p as JobEvent).action === 'done' && (p as JobEvent).job.id === jobId,
        )
        expect(countersOf(event.job)).toEqual(recipients.counts)

        // The send the crash cut off is uncertain (it did go out), and was never sent again.
        const states = (state: RecipientState) => recipients.all.filter((r) => r.state === state)
        expect(states('uncertain').map((r) => r.reason)).toEqual(['interrupted'])
        expect(states('sent')).toHaveLength(numbers.length - 1)
        const outbox = await simulatorControls(admin, connectionId).outbox()
        expect(outbox.map((e) => e.to).sort()).toEqual(numbers)
        const delivered = new Set(outbox.map((e) => e.providerMessageId))
        expect(states('sent').every((r) => r.providerMessageId && delivered.has(r.providerMessageId))).toBe(true)
      } finally {
        socket.disconnect()
      }
    } finally {
      await next.close()
      await pgc.end()
    }
  }, 60_000)
})

/**
 * Makes the database refuse an update of a job row while `when` holds (as a lost connection or a full disk
 * would); `allow` takes the refusal away.
 */
const refuseJobUpdates = async (db: Db, driver: DriverName, name: string, when: string) => {
  const refusal = `the database refused the write (${name})`
  if (driver === 'sqlite') {
    await sql
      .raw(`create trigger ${name} before update on jobs when ${when} begin select raise(abort, '${refusal}'); end`)
      .execute(db)
  } else {
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$ begin raise exception '${refusal}'; end $$`,
      )
      .execute(db)
    await sql
      .raw(`create trigger ${name} before update on jobs for each row when (${when}) execute function ${name}()`)
      .execute(db)
  }
  return { allow: () => sql.raw(`drop trigger ${name}${driver === 'sqlite' ? '' : ' on jobs'}`).execute(db) }
}

const variants = [
  { name: 'sqlite, database engine', driver: 'sqlite' as const, available: true, redis: false },
  { name: 'postgres, database engine', driver: 'postgres' as const, available: pgAvailable, redis: false },
  {
    name: 'postgres, Redis engine',
    driver: 'postgres' as const,
    available: pgAvailable && redisAvailable,
    redis: true,
  },
]

describe.each(variants)('a write of a job that fails midway ($name)', ({ driver, available, redis }) => {
  let d: JobsDesk
  const prefix = `desk-test-${randomBytes(4).toString('hex')}`
  beforeAll(async () => {
    if (!available) return
    d = await startJobsDesk(driver, {
      jobs: { step: { retryMs: 50 }, ...(redis ? { redisUrl: REDIS.href, redisPrefix: prefix } : {}) },
    })
  })
  afterAll(async () => {
    await d?.t.close()
    if (!redis || !available) return
    const client = new Redis(REDIS.href)
    const keys = await client.keys(`${prefix}:*`)
    if (keys.length) await client.del(...keys)
    client.disconnect()
  })

  it.runIf(available)(
    'a count the database refuses leaves the send uncertain, counted, and never repeated',
    async () => {
      const ear = listen(await d.t.socket(d.admin.token))
      // The write that counts the job's second send fails, once.
      const fault = await refuseJobUpdates(
        d.t.server.db,
        driver,
        'refuse_second_count',
        'new.sent = 2 and old.sent = 1 and old.failed = 0 and old.uncertain = 0',
      )
      const numbers = numbersFrom('5511966600', 5)
      const job = await bulkText(d.admin, d.sim.id, numbers)
      const done = await waitForJob(d.admin, job.id, finished)
      await fault.allow()
      const recipients = await countRecipients(d.admin, job.id)
      expect(done.status).toBe('done')
      expect(countersOf(done)).toEqual(recipients.counts)
      expect(recipients.counts).toEqual({ sent: 4, failed: 0, skipped: 0, uncertain: 1 })
      const event = await ear.until<JobEvent>(
        (name, p) => name === 'job' && (p as JobEvent).action === 'done' && (p as JobEvent).job.id === job.id,
      )
      expect(countersOf(event.job)).toEqual(recipients.counts)
      // The second number's message went out once; its outcome could not be written, so it is never sent again.
      expect(recipients.all.filter((r) => r.state === 'uncertain').map((r) => r.entry)).toEqual([numbers[1]])
      await d.admin.call('jobAction', { params: { id: job.id }, body: { action: 'retryFailed' } })
      expect((await d.sim.outbox()).map((e) => e.to).filter((to) => numbers.includes(to))).toEqual(numbers)
    },
  )

  it.runIf(available)('retrying failed recipients is all or nothing, and can be asked again', async () => {
    const numbers = numbersFrom('5511977700', 3)
    d.simDriver().failNextSends(2)
    const job = await bulkText(d.admin, d.sim.id, numbers)
    expect(await waitForJob(d.admin, job.id, finished)).toMatchObject({ status: 'done', sent: 1, failed: 2 })
    const fault = await refuseJobUpdates(
      d.t.server.db,
      driver,
      'refuse_revive',
      `old.status = 'done' and new.status = 'running'`,
    )
    expect((await d.admin.call('jobAction', { params: { id: job.id }, body: { action: 'retryFailed' } })).status).toBe(
      500,
    )
    const unchanged = (await d.admin.call('jobGet', { params: { id: job.id } })).body
    expect(unchanged).toMatchObject({ status: 'done', sent: 1, failed: 2 })
    expect(countersOf(unchanged)).toEqual((await countRecipients(d.admin, job.id)).counts)

    await fault.allow()
    expect((await d.admin.call('jobAction', { params: { id: job.id }, body: { action: 'retryFailed' } })).status).toBe(
      200,
    )
    const retried = await waitForJob(d.admin, job.id, (j) => finished(j) && j.sent === 3)
    expect(countersOf(retried)).toEqual({ sent: 3, failed: 0, skipped: 0, uncertain: 0 })
    expect((await recipientsOf(d.admin, job.id)).map((r) => r.state)).toEqual(['sent', 'sent', 'sent'])
  })

  it.runIf(available && !redis)('a cancel is all or nothing: the job, its recipients and its counters', async () => {
    const job = await bulkText(d.admin, d.sim.id, numbersFrom('5511988800', 3), {
      minInterval: 3600,
      maxInterval: 3600,
    })
    await waitForJob(d.admin, job.id, (j) => j.waitingReason === 'interval')
    const fault = await refuseJobUpdates(
      d.t.server.db,
      driver,
      'refuse_cancel_count',
      `old.status = 'cancelled' and new.skipped <> old.skipped`,
    )
    expect((await d.admin.call('jobAction', { params: { id: job.id }, body: { action: 'cancel' } })).status).toBe(500)
    const unchanged = (await d.admin.call('jobGet', { params: { id: job.id } })).body
    expect(unchanged).toMatchObject({ status: 'running', sent: 0, skipped: 0 })
    expect(countersOf(unchanged)).toEqual((await countRecipients(d.admin, job.id)).counts)

    await fault.allow()
    expect((await d.admin.call('jobAction', { params: { id: job.id }, body: { action: 'cancel' } })).status).toBe(200)
    const cancelled = (await d.admin.call('jobGet', { params: { id: job.id } })).body
    expect(cancelled).toMatchObject({ status: 'cancelled', sent: 0, skipped: 3 })
    expect(countersOf(cancelled)).toEqual((await countRecipients(d.admin, job.id)).counts)
  })

  it.runIf(available && !redis)('a list whose count cannot be written makes no job', async () => {
    const jobIds = async () => (await d.admin.call('jobList')).body.jobs.map((j) => j.id)
    const before = await jobIds()
    const fault = await refuseJobUpdates(d.t.server.db, driver, 'refuse_total', 'new.total <> old.total')
    const res = await d.admin.call('bulkText', {
      body: {
        ticketwhatsappId: d.sim.id,
        numbers: ['5511999900001', 'not a number', '5511999900002'].join('\n'),
        message: 'Hello from the desk',
        minInterval: 0,
        maxInterval: 0,
      },
    })
    await fault.allow()
    expect(res.status).toBe(500)
    expect(await jobIds()).toEqual(before)
  })
})
