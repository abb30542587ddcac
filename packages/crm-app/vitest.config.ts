import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'crm-app',
    root: import.meta.dirname,
    environment: 'node',
    include: ['test/**/*.test.{ts,tsx}'],
  },
})
