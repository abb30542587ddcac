import type { ErrorResponse, Job } from '@desk/api-client'
import type { SimulatorDriver } from '../../src/drivers/simulator'
import type { ServerConfig } from '../../src/index'
import { connectSimulator } from './desk'
import type { DriverName } from './drivers'
import { bootstrapAdmin, type Client, type QueryValue, startTestServer, type TestServer } from './server'

/** A desk for outreach tests: an admin, an agent, and a paired simulator connection. */
export const startJobsDesk = async (driver: DriverName, config: Partial<ServerConfig> = {}) => {
  const t = await startTestServer(driver, {
    simulator: { qrRefreshMs: 0 },
    autoCloseHours: 0,
    ...config,
    jobs: { pollMs: 50, ...config.jobs },
  })
  const admin = await bootstrapAdmin(t)
  const { client: agent, user: agentUser } = await t.addUser(admin, 'Agent', 'agent@desk.test')
  const sim = await connectSimulator(admin, { name: 'Outreach line' })
  /** The simulator's driver instance, for its test hooks. */
  const simDriver = () => t.server.services.sessions.get(sim.id) as SimulatorDriver
  return { t, admin, agent, agentUser, sim, simDriver }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** Reads the job until `done` holds (a bounded number of times), answering the last read. */
export const waitForJob = async (client: Client, id: number, done: (job: Job) => boolean, tries = 400) => {
  let job: Job | undefined
  for (let i = 0; i < tries; i++) {
    const res = await client.call('jobGet', { params: { id } })
    job = res.body
    if (res.status === 200 && done(job)) return job
    await sleep(25)
  }
  throw new Error(`job ${id} never got there: ${JSON.stringify(job)}`)
}

export const finished = (job: Job) => ['done', 'failed', 'cancelled'].includes(job.status)

/** A bulk text job through `POST /api/zdg`; answers the 202's job. */
export const bulkText = async (
  client: Client,
  connectionId: number,
  numbers: string[],
  extra: Record<string, unknown> = {},
) => {
  const res = await client.call<'bulkText', Job & Partial<ErrorResponse>>('bulkText', {
    body: {
      ticketwhatsappId: connectionId,
      numbers: numbers.join('\n'),
      message: 'Hello from the desk',
      minInterval: 0,
      maxInterval: 0,
      ...extra,
    },
  })
  if (res.status !== 202) throw new Error(`bulk: ${res.status} ${JSON.stringify(res.body)}`)
  return res.body
}

export const recipientsOf = async (client: Client, id: number, query: Record<string, QueryValue> = {}) =>
  (await client.call('jobRecipients', { params: { id }, query })).body.recipients

export type JobsDesk = Awaited<ReturnType<typeof startJobsDesk>>
export type { TestServer }
