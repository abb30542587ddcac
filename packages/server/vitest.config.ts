import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  test: {
    name: 'server',
    environment: 'node',
    include: ['test/**/*.test.ts'],
    setupFiles: ['./test/support/setup.ts'],
    // Names the run's PostgreSQL databases and drops them at its end (see `PG_RUN_ENV` in support/drivers.ts).
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    // Much of the time goes to waits (timers, sockets, child processes): on two cores, three files at a time
    // fill them (the unit step: 125 s with two, 109 s with three, 107 s with four).
    maxWorkers: 3,
    // Files share their worker's loaded modules instead of importing the whole server again for each file
    // (about half the suite's CPU time). Every file builds its own servers on its own storage, and the server
    // keeps no state in its modules, so nothing carries over from one file to the next.
    isolate: false,
  },
})
