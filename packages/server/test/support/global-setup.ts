import { dropTestDatabases, PG_RUN_ENV } from './drivers'

/** Databases of a run that ended without its teardown (killed) are dropped by the next run once this old. */
const LEFTOVER_SECONDS = 6 * 3600

const runOf = (name: string) => Number(/^desk_test_(\d+)_/.exec(name)?.[1] ?? Number.NaN)

/**
 * The server project's run: names its PostgreSQL databases after its start (`PG_RUN_ENV`, inherited by the test
 * processes) and drops them all at its end; first, those of runs that ended hours ago without dropping theirs.
 */
export default async function setup() {
  const run = Math.floor(Date.now() / 1000)
  process.env[PG_RUN_ENV] = String(run)
  await dropTestDatabases((name) => runOf(name) < run - LEFTOVER_SECONDS)
  return async () => {
    await dropTestDatabases((name) => runOf(name) === run)
  }
}
