import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type DeskServer } from '../../src/index'
import { createStorage, drivers, type TestStorage } from '../support/drivers'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe.each(drivers)('auto-close with two server processes on one $driver database', ({ driver, available }) => {
  let storage: TestStorage
  const servers: DeskServer[] = []
  const passes: Array<{ server: number; at: number }> = []
  beforeAll(async () => {
    if (!available) return
    storage = await createStorage(driver)
    for (const server of [0, 1]) {
      const desk = createServer({
        dataDir: storage.dataDir,
        databaseUrl: storage.databaseUrl,
        port: 0,
        host: '127.0.0.1',
        simulator: { qrRefreshMs: 0 },
        autoCloseHours: 1,
        autoCloseIntervalMs: 250,
        work: { pollMs: 20 },
      })
      const closeIdle = desk.services.tickets.closeIdle
      desk.services.tickets.closeIdle = async (hours, now) => {
        passes.push({ server, at: Date.now() })
        return closeIdle(hours, now)
      }
      servers.push(desk)
      await desk.ready()
    }
  })
  afterAll(async () => {
    for (const desk of servers) await desk.close()
    await storage?.cleanup()
  })

  it.runIf(available)('looks for idle tickets once a period for the whole desk, not once per process', async () => {
    await sleep(1600)
    for (const desk of servers) await desk.close()
    expect(passes.length).toBeGreaterThanOrEqual(2)
    // One pass a period: two processes each on their own timer would look twice as often.
    for (let i = 1; i < passes.length; i += 1)
      expect(passes[i]!.at - passes[i - 1]!.at, JSON.stringify(passes)).toBeGreaterThanOrEqual(230)
  })
})
