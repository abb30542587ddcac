/**
 * The setup most end-to-end files share: one desk for the whole file (a real server on a fresh data folder and
 * a real Chromium), the administrator signed up with an API client, and a paired simulator connection.
 */
import { afterAll, beforeAll } from 'vitest'
import { type Account, type Api, adminApi, pairedSimulator } from './api'
import { type Desk, startDesk } from './support'

export interface SimulatorDesk {
  desk: Desk
  /** Calls the API as the administrator. */
  api: Api
  /** The paired simulator connection, through which customers write. */
  connectionId: number
}

/**
 * Registers the file's `beforeAll`/`afterAll`: the desk starts once before its tests and stops after them. The
 * fields of the answer are filled in when the tests run (read them inside tests and hooks, not at import).
 * `config` is handed to the server (e.g. the outbound address guard's exceptions for a local bot or SMTP).
 */
export function setUpSimulatorDesk(
  options: { admin?: Account; config?: Parameters<typeof startDesk>[0] } = {},
): SimulatorDesk {
  const setup = {} as SimulatorDesk
  beforeAll(async () => {
    setup.desk = await startDesk(options.config)
    setup.api = await adminApi(setup.desk, options.admin)
    setup.connectionId = await pairedSimulator(setup.api)
  }, 120_000)
  afterAll(async () => {
    await setup.desk?.stop()
  })
  return setup
}
