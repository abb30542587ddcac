/**
 * `npm run bench`: every benchmark prints its figures next to its target.
 * Benchmarks measure; they never fail a build on timing.
 */
import { loginBundle } from './login-bundle'

const benches: Array<[string, () => Promise<void>]> = [['login route JavaScript (gzip)', loginBundle]]

for (const [name, bench] of benches) {
  console.log(`\n▶ ${name}`)
  await bench()
}
