import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'api-client',
    root: import.meta.dirname,
    environment: 'node',
    include: ['test/**/*.test.{ts,tsx}'],
    // Files share their worker's loaded modules and jsdom instead of setting both up again for each file
    // (three quarters of this project's CPU time); each test renders into its own cache and clears what it drew.
    isolate: false,
  },
})
