#!/usr/bin/env node
// The whole suite, in the order a change is most likely to break it. Stops at the first failing step
// and ends with one line: "N passed, N failed" over every Vitest run.
//
//   node scripts/test.mjs                     everything (what `npm test` and CI run)
//   node scripts/test.mjs --update-baselines  re-render every story, rewrite the screenshots that changed,
//                                             and delete baselines whose story no longer exists
import { spawn } from 'node:child_process'
import {
  closeSync,
  existsSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs'
import { setPriority, tmpdir } from 'node:os'
import { dirname, join, relative, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { BASELINE_DIR, baselineFile } from './baselines.mjs'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const baselineDir = join(root, BASELINE_DIR)
const reports = mkdtempSync(join(tmpdir(), 'desk-test-'))
const totals = { passed: 0, failed: 0, skipped: 0 }
const updateBaselines = process.argv.includes('--update-baselines')

function listFiles(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
}

const unitProjects = ['server', 'api-client', 'ui', 'crm-app', 'embed'].filter((name) =>
  existsSync(join(root, 'packages', name, 'vitest.config.ts')),
)
const hasE2e = listFiles(join(root, 'e2e')).some((file) => file.endsWith('.test.ts'))

/**
 * The steps, each started as soon as the steps it comes `after` have passed, in the background with its output
 * held back and shown when it ends. The server's tests wait much of their time (timers, sockets, child processes,
 * three files at a time), which the typecheck, the app's build and the other packages' tests fill. Then the
 * end-to-end tests and the stories run side by side, the stories at a lower priority (`niceness`, inherited by
 * their Chromium): they take the cores the end-to-end tests leave idle, and never the time those need, whose
 * restarts and live waits run on real timers. Measured on two cores, 2026-11-29: 473 s in all, against about 477 s
 * one after the other; the stories beside the server's tests instead (lowered as well) took as long, 474 s, as
 * Chromium's own browser and GPU processes raise themselves above any lowering. The first step that fails ends
 * the run.
 * @type {{ id: string, title: string, after?: string[], command?: string[], vitest?: string[], stories?: boolean, niceness?: number, skip?: string }[]}
 */
// Tools run straight from node_modules, so a machine with only Node and npm needs no global pnpm.
const bin = (name) => join(root, 'node_modules', '.bin', name)
const packageProjects = unitProjects.filter((name) => name !== 'server')
const steps = [
  {
    id: 'lint',
    title: 'Lint and format',
    command: [bin('biome'), 'ci', ...(process.stdout.isTTY ? [] : ['--colors=off']), '.'],
  },
  // embed.js, the widget's frame and its demo page, which the end-to-end tests serve.
  {
    id: 'widget',
    title: 'Build the widget',
    command: [process.execPath, join(root, 'packages/embed/build.mjs')],
    after: ['lint'],
  },
  // One checker: TypeScript 7's several checkers each check what the files share again (62 s of CPU against 50 s
  // on two cores, 2026-11-30), CPU the server's tests beside it need; it ends long before them either way.
  {
    id: 'typecheck',
    title: 'Typecheck',
    command: [bin('tsc'), '-p', 'tsconfig.json', '--noEmit', '--singleThreaded'],
    after: ['widget'],
  },
  {
    id: 'app',
    title: 'Build the app',
    command: [process.execPath, join(root, 'node_modules/vite/bin/vite.js'), 'build', join(root, 'packages/crm-app')],
    after: ['widget'],
  },
  {
    id: 'unit',
    title: `Unit tests (${packageProjects.join(', ') || 'none yet'})`,
    vitest: packageProjects.flatMap((name) => ['--project', name]),
    skip: packageProjects.length === 0 ? 'no package test projects yet' : undefined,
    after: ['widget'],
  },
  {
    id: 'server',
    title: 'Server integration tests',
    vitest: ['--project', 'server'],
    skip: unitProjects.includes('server') ? undefined : 'no server tests yet',
    after: ['widget'],
  },
  {
    id: 'stories',
    title: 'Stories in Chromium (interactions, accessibility, screenshots)',
    vitest: ['--project', 'storybook'],
    stories: true,
    niceness: 10,
    after: ['typecheck', 'app', 'unit', 'server'],
  },
  {
    id: 'e2e',
    title: 'End to end',
    vitest: ['--project', 'e2e'],
    skip: hasE2e ? undefined : 'no e2e tests yet',
    after: ['server', 'app'],
  },
]

/** Runs a command with this terminal; resolves to its exit code. Steps in the background go on meanwhile. */
function run(command, args) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: process.env })
    child.once('error', (error) => {
      console.error(error.message)
      resolve(1)
    })
    child.once('exit', (code) => resolve(code ?? 1))
  })
}

/**
 * Starts a command in the background, its output going to a file (the foreground steps block this process,
 * so a pipe could fill and stall it); resolves to its exit code and everything it printed, in order.
 */
function runInBackground(command, args, name, { niceness = 0 } = {}) {
  const log = join(reports, `${name}.log`)
  const fd = openSync(log, 'w')
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', fd, fd], env: process.env })
    // Set before the command starts its own workers and browsers, which inherit it.
    if (niceness && child.pid) {
      try {
        setPriority(child.pid, niceness)
      } catch {
        // A system that refuses only makes the step compete as an equal.
      }
    }
    backgroundChildren.add(child)
    const done = (code) => {
      backgroundChildren.delete(child)
      closeSync(fd)
      resolve({ code, output: readFileSync(log, 'utf8'), ended: Date.now() })
    }
    child.once('error', (error) => {
      writeSync(fd, `${error.message}\n`)
      done(1)
    })
    child.once('exit', (code) => done(code ?? 1))
  })
}

/**
 * Runs Vitest with its usual output plus a JSON report, adds its counts to the totals. In the background, its
 * output is held back and returned with the result.
 */
async function runVitest(args, name, { inBackground = false, niceness = 0 } = {}) {
  const output = join(reports, `${name}.json`)
  const vitestArgs = ['run', ...args, '--reporter=default', '--reporter=json', `--outputFile.json=${output}`]
  const result = inBackground
    ? await runInBackground(bin('vitest'), vitestArgs, name, { niceness })
    : { code: await run(bin('vitest'), vitestArgs) }
  const { code } = result
  if (!existsSync(output)) return { ...result, code: code || 1, report: null }
  const report = JSON.parse(readFileSync(output, 'utf8'))
  totals.passed += report.numPassedTests ?? 0
  totals.failed += report.numFailedTests ?? 0
  totals.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  return { ...result, report }
}

/** Baselines that no story of the report would compare against (renamed or deleted stories). */
function orphanBaselines(report) {
  const expected = new Set()
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) expected.add(baselineFile(root, file.name, test.title))
  }
  return listFiles(baselineDir).filter((file) => file.endsWith('.png') && !expected.has(file))
}

function heading(text) {
  const line = '━'.repeat(Math.max(8, 78 - text.length))
  console.log(`\n\x1b[1m━━ ${text} ${line}\x1b[0m\n`)
}

/** Commands still running in the background; a failing step ends them with the run. */
const backgroundChildren = new Set()

function finish(code, failedStep) {
  for (const child of backgroundChildren) child.kill()
  rmSync(reports, { recursive: true, force: true })
  console.log('')
  if (failedStep) console.log(`\x1b[31mFailed at: ${failedStep}\x1b[0m`)
  const skipped = totals.skipped ? `, ${totals.skipped} skipped` : ''
  console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`)
  process.exit(code)
}

// The same default as `chromium.ts` (the browser steps' Chromium), which this plain script cannot import.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell'
if (!existsSync(chromiumPath)) {
  console.warn(
    `Chromium not found at ${chromiumPath}: install it (apt-get install chromium-headless-shell fonts-liberation) or set CHROMIUM_PATH.`,
  )
}

const started = Date.now()
heading('Dependencies')
if ((await run(process.execPath, [join(root, 'scripts/ensure-install.mjs')])) !== 0) finish(1, 'Dependencies')
console.log('Dependencies are installed.')

if (updateBaselines) {
  heading('Update visual baselines')
  const runStarted = Date.now()
  const { code, report } = await runVitest(['--project', 'storybook', '--update'], 'baselines')
  if (report && code !== 0) {
    // A run that failed may not have loaded every stories file: its report can't tell which baselines are orphans.
    console.log('Baselines of removed stories are deleted only after a run that passes.')
  } else if (report) {
    // Only files that predate this run: a story added meanwhile is not in the report yet.
    const orphans = orphanBaselines(report).filter((file) => statSync(file).mtimeMs < runStarted)
    for (const file of orphans) {
      rmSync(file)
      for (let dir = dirname(file); dir !== baselineDir && readdirSync(dir).length === 0; dir = dirname(dir)) {
        rmdirSync(dir)
      }
    }
    if (orphans.length) console.log(`Deleted ${orphans.length} baseline(s) of stories that no longer exist.`)
  }
  console.log(`Baselines are in ${relative(root, baselineDir)}${sep}; review them with git diff before committing.`)
  finish(code, code === 0 ? undefined : 'Update visual baselines')
}

const secondsSince = (time) => ((Date.now() - time) / 1000).toFixed(1)

/** Runs one step in the background; resolves to its exit code once its output has been shown. */
async function runStep(step, index) {
  const title = `${index + 1}/${steps.length} ${step.title}`
  if (step.skip) {
    heading(title)
    console.log(`Skipped: ${step.skip}.`)
    return 0
  }
  console.log(`\x1b[2m▶ ${step.title} started (${secondsSince(started)} s into the run)\x1b[0m`)
  const stepStarted = Date.now()
  const result = step.vitest
    ? await runVitest(step.vitest, step.id, { inBackground: true, niceness: step.niceness })
    : await runInBackground(step.command[0], step.command.slice(1), step.id)
  heading(title)
  process.stdout.write(result.output)
  if (step.stories && result.report) {
    const orphans = orphanBaselines(result.report)
    if (orphans.length) {
      console.warn(
        `\n${orphans.length} baseline(s) belong to no story; \`npm run test:update-baselines\` deletes them:`,
      )
      for (const file of orphans) console.warn(`  ${relative(root, file)}`)
    }
  }
  const seconds = secondsSince(stepStarted)
  if (result.code !== 0) {
    console.log(`\n\x1b[31m✗ ${step.title} failed after ${seconds} s\x1b[0m`)
    finish(result.code, step.title)
  }
  console.log(`\n\x1b[32m✓ ${step.title} (${seconds} s)\x1b[0m`)
  return 0
}

/** Each step's run, started once every step it comes after has passed. */
const runs = new Map()
for (const [index, step] of steps.entries()) {
  const before = (step.after ?? []).map((id) => {
    const run = runs.get(id)
    if (!run) throw new Error(`Step ${step.id} comes after ${id}, which is not an earlier step.`)
    return run
  })
  runs.set(
    step.id,
    Promise.all(before).then(() => runStep(step, index)),
  )
}
await Promise.all(runs.values())

console.log(`\nAll steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`)
finish(0)
