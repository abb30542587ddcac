#!/usr/bin/env node
// Writes `test-durations.json`: how long each test file of the server, end-to-end and stories projects took in
// this checkout's last runs (Vitest's own cache, `node_modules/.vite/vitest`). The test run starts the longest
// files first (`scripts/test-sequencer.ts`), which Vitest does by itself only once it has a cache: a fresh clone,
// as in CI, would otherwise start them in order of size and finish on a long file alone.
//
//   node scripts/test-durations.mjs      after a full `npm test` on a quiet machine
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const cacheDir = join(root, 'node_modules/.vite/vitest')
const caches = existsSync(cacheDir)
  ? readdirSync(cacheDir)
      .map((name) => join(cacheDir, name, 'results.json'))
      .filter((file) => existsSync(file))
      .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
  : []
if (caches.length === 0) {
  console.error('No Vitest cache here yet: run `npm test` first.')
  process.exit(1)
}
const projects = ['server', 'e2e', 'storybook (chromium)']
const durations = {}
for (const [key, { duration }] of JSON.parse(readFileSync(caches[0], 'utf8')).results) {
  const project = key.slice(0, key.indexOf(':'))
  const file = key.slice(key.indexOf(':') + 1)
  if (projects.includes(project) && existsSync(join(root, file)) && duration > 0) {
    durations[key] = Math.round(duration)
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)))
writeFileSync(join(root, 'test-durations.json'), `${JSON.stringify(sorted, null, 2)}\n`)
console.log(`test-durations.json: ${Object.keys(sorted).length} files.`)
