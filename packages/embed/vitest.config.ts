import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    name: 'embed',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['test/**/*.test.{ts,tsx}'],
  },
})
