import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  plugins: [react()],
  test: {
    name: 'ui',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./test/setup.ts'],
    css: false,
    // Files share their worker's loaded modules and jsdom instead of setting both up again for each file
    // (three quarters of this project's CPU time); each test renders into its own cache and clears what it drew.
    isolate: false,
  },
})
