#!/usr/bin/env node
// The whole suite, in the order a change is most likely to break it. Stops at the first failing step
// and ends with one line: "N passed, N failed" over every Vitest run.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const reports = mkdtempSync(join(tmpdir(), 'desk-test-'))
const totals = { passed: 0, failed: 0, skipped: 0 }

function hasFile(dir, pattern) {
  const full = join(root, dir)
  if (!existsSync(full)) return false
  return readdirSync(full, { recursive: true }).some((name) => pattern.test(String(name)))
}

const unitProjects = ['server', 'api-client', 'ui'].filter((name) =>
  existsSync(join(root, 'packages', name, 'vitest.config.ts')),
)

/** @type {{ title: string, command?: string[], vitest?: string[], skip?: string }[]} */
const steps = [
  { title: 'Typecheck', command: ['pnpm', 'exec', 'tsc', '-p', 'tsconfig.json', '--noEmit'] },
  {
    title: 'Lint and format',
    command: ['pnpm', 'exec', 'biome', 'ci', ...(process.stdout.isTTY ? [] : ['--colors=off']), '.'],
  },
  {
    title: `Unit and integration tests (${unitProjects.join(', ') || 'none yet'})`,
    vitest: unitProjects.flatMap((name) => ['--project', name]),
    skip: unitProjects.length === 0 ? 'no package test projects yet' : undefined,
  },
  { title: 'Build the app', command: ['pnpm', '--filter', '@desk/crm-app', 'build'] },
  { title: 'Stories in Chromium (interactions, accessibility, screenshots)', vitest: ['--project', 'storybook'] },
  {
    title: 'End to end',
    vitest: ['--project', 'e2e'],
    skip: hasFile('e2e', /\.test\.ts$/) ? undefined : 'no e2e tests',
  },
]

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: process.env })
  if (result.error) console.error(result.error.message)
  return result.status ?? 1
}

function countVitest(file) {
  if (!existsSync(file)) return false
  const report = JSON.parse(readFileSync(file, 'utf8'))
  totals.passed += report.numPassedTests ?? 0
  totals.failed += report.numFailedTests ?? 0
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  return true
}

function heading(text) {
  const line = '━'.repeat(Math.max(8, 78 - text.length))
  console.log(`\n\x1b[1m━━ ${text} ${line}\x1b[0m\n`)
}

function finish(code, failedStep) {
  rmSync(reports, { recursive: true, force: true })
  console.log('')
  if (failedStep) console.log(`\x1b[31mFailed at: ${failedStep}\x1b[0m`)
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : ''
  console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`)
  process.exit(code)
}

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
if (!existsSync(chromiumPath)) {
  console.warn(`Chromium not found at ${chromiumPath}: install it (apt-get install chromium) or set CHROMIUM_PATH.`)
}

const started = Date.now()
heading('Dependencies')
if (run(process.execPath, [join(root, 'scripts/ensure-install.mjs')]) !== 0) finish(1, 'Dependencies')
console.log('Dependencies are installed.')

for (const [index, step] of steps.entries()) {
  const title = `${index + 1}/${steps.length} ${step.title}`
  heading(title)
  if (step.skip) {
    console.log(`Skipped: ${step.skip}.`)
    continue
  }
  const stepStarted = Date.now()
  let code
  if (step.vitest) {
    const output = join(reports, `vitest-${index}.json`)
    code = run('pnpm', [
      'exec',
      'vitest',
      'run',
      ...step.vitest,
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${output}`,
    ])
    if (!countVitest(output) && code === 0) code = 1
  } else {
    code = run(step.command[0], step.command.slice(1))
  }
  const seconds = ((Date.now() - stepStarted) / 1000).toFixed(1)
  if (code !== 0) {
    console.log(`\n\x1b[31m✗ ${step.title} failed after ${seconds} s\x1b[0m`)
    finish(code, step.title)
  }
  console.log(`\n\x1b[32m✓ ${step.title} (${seconds} s)\x1b[0m`)
}

console.log(`\nAll steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
finish(0)
