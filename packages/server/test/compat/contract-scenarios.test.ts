import { createHandlers, createMockDb, fixtures, MOCK_PASSWORD } from '@desk/api-client/mocks'
import { setupServer } from 'msw/node'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bootstrapAdmin, PASSWORD, startTestServer, type TestServer } from '../support/server'
import { ScenarioApi, scenarios, type Target } from './contract-scenarios/steps'

/**
 * The same steps against the msw handlers the stories use and against the real server (a SQLite
 * file): each step names the status and error code it expects, answers are parsed with the route
 * table's response schemas, and the two transcripts must match call for call.
 */
const transcripts: Record<'mocks' | 'server', string[]> = { mocks: [], server: [] }

const runAll = (api: () => ScenarioApi, into: string[]) => {
  for (const [title, scenario] of Object.entries(scenarios)) {
    it(title, async () => {
      const before = api().transcript.length
      try {
        await scenario(api())
      } finally {
        into.push(`# ${title}`, ...api().transcript.slice(before))
      }
    })
  }
}

describe('contract scenarios on the msw handlers', () => {
  const mocks = setupServer(...createHandlers({ db: createMockDb() }).all)
  let api: ScenarioApi
  beforeAll(() => {
    mocks.listen({ onUnhandledRequest: 'error' })
    const target: Target = {
      name: 'mocks',
      baseUrl: 'http://desk.test/api',
      accounts: {
        admin: { email: fixtures.admin.email, password: MOCK_PASSWORD },
        agent: { email: fixtures.agent.email, password: MOCK_PASSWORD },
      },
    }
    api = new ScenarioApi(target)
  })
  afterAll(() => mocks.close())
  runAll(() => api, transcripts.mocks)
})

describe('contract scenarios on the server', () => {
  let t: TestServer
  let api: ScenarioApi
  beforeAll(async () => {
    t = await startTestServer('sqlite')
    const admin = await bootstrapAdmin(t)
    await t.addUser(admin, 'Agent', 'agent@desk.test')
    api = new ScenarioApi({
      name: 'server',
      baseUrl: `${t.url}/api`,
      accounts: {
        admin: { email: 'admin@desk.test', password: PASSWORD },
        agent: { email: 'agent@desk.test', password: PASSWORD },
      },
    })
  })
  afterAll(() => t?.close())
  runAll(() => api, transcripts.server)
})

describe('the mocks and the server', () => {
  it('answer every step with the same status, error code and fields', () => {
    expect(transcripts.mocks.length).toBeGreaterThan(60)
    expect(transcripts.mocks).toEqual(transcripts.server)
  })
})
