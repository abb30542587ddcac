/**
 * `npm run bench`: every benchmark prints its figures next to its target.
 * Benchmarks measure; they never fail a build on timing. `BENCH=<words>` runs only the
 * benchmarks whose name contains them (`BENCH=PostgreSQL npm run bench`).
 */
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

let appBuilt = false
const benches: Array<[string, () => Promise<void>]> = [
  [
    'app JavaScript (gzip): the login route, all of it, the largest files',
    async () => {
      await bundles()
      appBuilt = true
    },
  ],
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

const only = process.env.BENCH?.toLowerCase()
for (const [name, bench] of benches) {
  if (only && !name.toLowerCase().includes(only)) continue
  console.log(`\n▶ ${name}`)
  await bench()
}
