import path from 'node:path'
import type { Job, JobRecipient } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openSimulatorNetwork } from '../../src/drivers/simulator-network'
import { startChildDesk } from '../support/child'
import { connectSimulator } from '../support/desk'
import { createStorage, drivers, type TestStorage } from '../support/drivers'
import { finished, waitForJob } from '../support/jobs'
import { apiPath, Client, PASSWORD } from '../support/server'

/** 24 people in three groups, 8 of them in two: 32 places, 24 people. */
const person = (n: number) => `55119777${String(n).padStart(5, '0')}`
const GROUPS = [
  { id: '120363000000000401', people: Array.from({ length: 12 }, (_, i) => person(i + 1)) },
  { id: '120363000000000402', people: Array.from({ length: 12 }, (_, i) => person(i + 9)) },
  {
    id: '120363000000000403',
    people: [...Array.from({ length: 4 }, (_, i) => person(i + 21)), ...[1, 2, 3, 4].map(person)],
  },
]

const recipientsOf = async (client: Client, jobId: number) => {
  const all: JobRecipient[] = []
  for (let page = 1; ; page++) {
    const res = await client.call('jobRecipients', { params: { id: jobId }, query: { pageNumber: page } })
    all.push(...res.body.recipients)
    if (!res.body.hasMore) return all
  }
}

/**
 * The groups' private message killed with SIGKILL in the middle and taken up by the next process on the
 * same data: nobody gets it twice, and everyone it was meant for is sent or (the send the kill cut off)
 * uncertain.
 */
describe.each(drivers)('a participants job killed with SIGKILL ($driver)', ({ driver, available }) => {
  let storage: TestStorage
  beforeAll(async () => {
    if (available) storage = await createStorage(driver)
  })
  afterAll(() => storage?.cleanup())

  it.runIf(available)(
    'the next process finishes it and no person gets the message twice',
    async () => {
      const env = {
        DATABASE_URL: storage.databaseUrl ?? '',
        REDIS_URL: '',
        JOB_LEASE_SECONDS: '1',
        GROUP_ACTION_SECONDS: '0-1',
      }
      const first = await startChildDesk(storage.dataDir, env)
      let jobId = 0
      let connectionId = 0
      let sentAtKill = 0
      try {
        const admin = new Client(first.url)
        const signup = await admin.call('signup', {
          body: {
            name: 'Admin',
            email: 'admin@desk.test',
            password: PASSWORD,
          },
        })
        expect(signup.status).toBe(200)
        await admin.login('admin@desk.test', PASSWORD)
        const sim = await connectSimulator(admin, { name: 'Groups line' })
        connectionId = sim.id
        const network = openSimulatorNetwork(path.join(storage.dataDir, 'simulator'))
        network.setGroups(
          connectionId,
          GROUPS.map((g, i) => ({
            id: g.id,
            name: `Grupo ${i + 1}`,
            description: null,
            announce: false,
            inviteCode: `code${i}`,
            members: [
              { number: `55119${String(connectionId).padStart(8, '0')}`, admin: true },
              ...g.people.map((number) => ({ number, admin: false })),
            ],
          })),
        )
        network.close()
        const res = await admin.post<Job>(apiPath('groupAction'), {
          whatsappId: connectionId,
          action: 'participants',
          groupIds: GROUPS.map((g) => g.id),
          text: 'Aviso del sistema',
        })
        expect(res.status).toBe(202)
        jobId = res.body.id
        const midway = await waitForJob(admin, jobId, (job) => job.sent >= 6, 2000)
        sentAtKill = midway.sent
      } finally {
        await first.kill()
      }

      const second = await startChildDesk(storage.dataDir, env)
      try {
        const admin = new Client(second.url)
        await admin.login('admin@desk.test', PASSWORD)
        const done = await waitForJob(admin, jobId, finished, 4000)
        const recipients = await recipientsOf(admin, jobId)
        const network = openSimulatorNetwork(path.join(storage.dataDir, 'simulator'))
        const outbox = network.outbox(connectionId).filter((e) => e.body === 'Aviso del sistema')
        network.close()
        const perPerson = new Map<string, number>()
        for (const e of outbox) perPerson.set(e.to, (perPerson.get(e.to) ?? 0) + 1)
        const people = new Set(GROUPS.flatMap((g) => g.people))
        const figures = {
          places: GROUPS.reduce((n, g) => n + g.people.length, 0),
          people: people.size,
          sentBeforeKill: sentAtKill,
          sent: done.sent,
          uncertain: done.uncertain,
          skipped: done.skipped,
          delivered: outbox.length,
          mostToOnePerson: Math.max(...perPerson.values()),
        }
        console.log(`groups participants job across SIGKILL (${driver}): ${JSON.stringify(figures)}`)

        expect(done.status).toBe('done')
        expect(done.total).toBe(figures.places)
        expect(done.skipped).toBe(figures.places - people.size)
        expect(done.sent + done.uncertain).toBe(people.size)
        expect(figures.mostToOnePerson).toBe(1)
        // Everyone sent got it once; an uncertain one got it at most once; nobody outside the groups got it.
        for (const r of recipients.filter((x) => x.state === 'sent')) {
          expect(perPerson.get(r.address?.replace('@c.us', '') ?? '')).toBe(1)
        }
        expect([...perPerson.keys()].every((n) => people.has(n))).toBe(true)
        expect(outbox.length).toBeGreaterThanOrEqual(done.sent)
        expect(outbox.length).toBeLessThanOrEqual(people.size)
      } finally {
        await second.kill()
      }
    },
    90_000,
  )
})
