/**
 * `npm run bench`: every benchmark prints its figures next to its target.
 * Benchmarks measure; they never fail a build on timing.
 */
import { ingest } from './ingest'
import { loginBundle } from './login-bundle'
import { renderLists } from './render-lists'
import { socketLatency } from './socket-latency'
import { ticketsList } from './tickets-list'

const benches: Array<[string, () => Promise<void>]> = [['login route JavaScript (gzip)', loginBundle]]
benches.push(['inbound ingest through the simulator (SQLite)', ingest])
benches.push(['inbound-to-agent-socket latency at 200 messages/s (SQLite)', socketLatency])
benches.push(['GET /api/tickets first page and searches, 100k tickets and 1M messages (SQLite)', ticketsList])
benches.push([
  '10k-ticket list and 5k-message conversation rendered without dropping frames (virtualised)',
  renderLists,
])

for (const [name, bench] of benches) {
  console.log(`\n▶ ${name}`)
  await bench()
}
