/**
 * `npm run bench`: every benchmark prints its figures next to its target.
 * Benchmarks measure; they never fail a build on timing. `BENCH=<words>` runs only the
 * benchmarks whose name contains them (`BENCH=PostgreSQL npm run bench`).
 *
 * Each benchmark runs in a process of its own, as a deployed desk's server runs alone in its process: run one
 * after another in one process, a benchmark's server shared its heap with what the earlier ones left (their
 * servers' code and data, a 100k-recipient job's), and the inbound latency measured after the outreach
 * benchmarks had a major collection of that heap every 1.6 s (p99 36–58 ms against 5–10 ms alone, 2026-11-30).
 */
import { spawn } from 'node:child_process'
import { agentDownload } from './agent-download'
import { bundles } from './bundles'
import { concurrentRefresh } from './concurrent-refresh'
import { embedBundles } from './embed'
import { ingest } from './ingest'
import { loginBundle } from './login-bundle'
import { multiProcess } from './multi-process'
import { outreachInputs } from './outreach-inputs'
import { outreachJobs } from './outreach-jobs'
import { outreachMedia } from './outreach-media'
import { renderKanban } from './render-kanban'
import { renderLists } from './render-lists'
import { socketLatency } from './socket-latency'
import { BENCH_PG_URL, postgresAnswers, ticketsList, ticketsListPostgres } from './tickets-list'

/** Whether the first benchmark has built the app in this run (the later ones then serve that build). */
let appBuilt = process.env.BENCH_APP_BUILT === '1'
const benches: Array<[string, () => Promise<void>]> = [
  // Builds the app: the run tells the later benchmarks' processes so (below).
  ['app JavaScript (gzip): the login route, all of it, the largest files', bundles],
  // Serves the build above as it is (or builds it when run alone): /login as Chromium fetches it.
  ['login route JavaScript fetched by Chromium (gzip)', () => loginBundle({ build: !appBuilt })],
  [
    "what an agent's browser downloads: the login page, a session over every page (gzip)",
    async () => {
      await agentDownload({ build: !appBuilt })
    },
  ],
]
benches.push(['embeddable widget JavaScript (gzip): the loader, the frame app to its first open', embedBundles])
benches.push(['inbound ingest through the simulator (SQLite)', ingest])
benches.push(['outreach inputs: durable simulator sends, 16 MB media by URL', outreachInputs])
benches.push(['outreach jobs: throughput, a 100k-recipient job, memory while it runs (SQLite)', outreachJobs])
benches.push(['outreach media job: a 4 MB image by URL to 2,000 numbers, fetches and memory (SQLite)', outreachMedia])
benches.push([
  'refreshes that race: pairs of refreshes of one cookie in flight together, sessions kept',
  concurrentRefresh,
])
benches.push(['inbound-to-agent-socket latency at 1,000 messages/s (SQLite, then PostgreSQL)', socketLatency])
benches.push(['GET /api/tickets and /api/contacts, 100k tickets and 1M messages (SQLite)', ticketsList])
benches.push([
  'GET /api/tickets and /api/contacts, 100k tickets and 1M messages (PostgreSQL)',
  async () => {
    if (await postgresAnswers()) await ticketsListPostgres()
    else console.log(`  skipped: no PostgreSQL answers at ${new URL(BENCH_PG_URL).host} (set BENCH_DATABASE_URL)`)
  },
])
benches.push([
  '10k-ticket list and 5k-message conversation rendered without dropping frames (virtualised)',
  renderLists,
])
benches.push([
  'multi-process: two desk processes behind a load balancer through SIGKILL, a Redis cut and a joint restart',
  multiProcess,
])
benches.push(['kanban board with 500 cards: first render, a card moved (windowed lanes)', renderKanban])

const one = process.env.BENCH_RUN_ONE
if (one !== undefined) {
  // A benchmark's own process (below).
  const bench = benches[Number(one)]
  if (!bench) throw new Error(`No benchmark ${one}.`)
  await bench[1]()
  // Done: a handle some library left open must not hold the run.
  process.exit(0)
} else {
  const only = process.env.BENCH?.toLowerCase()
  for (const [index, [name]] of benches.entries()) {
    if (only && !name.toLowerCase().includes(only)) continue
    console.log(`\n▶ ${name}`)
    // The same Node with the same loader (tsx's flags are in execArgv), this file, one benchmark.
    const child = spawn(process.execPath, [...process.execArgv, process.argv[1] as string], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_RUN_ONE: String(index), BENCH_APP_BUILT: appBuilt ? '1' : '0' },
    })
    const code = await new Promise<number>((resolve) =>
      child.once('exit', (exit, signal) => resolve(exit ?? (signal ? 1 : 0))),
    )
    if (code !== 0) {
      console.error(`\n✗ ${name}: its process ended with ${code}.`)
      process.exit(code)
    }
    // The first benchmark builds the app.
    if (index === 0) appBuilt = true
  }
}
