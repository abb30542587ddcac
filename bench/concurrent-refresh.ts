/**
 * Refreshes that race: N sessions each send two `POST /api/auth/refresh_token` with the same
 * cookie, all 2N requests in flight together (two tabs waking up, a client refreshing once per
 * failed request). A session is kept when both answers are 200 with the same new cookie, both
 * access tokens work, and that cookie refreshes again. On SQLite and, when one answers, on
 * PostgreSQL (a throwaway schema). Target: every session kept.
 */
import { randomBytes } from 'node:crypto'
import { tmpdir } from 'node:os'
import { openDatabase, sql } from '../packages/server/src/db'
import { startBenchDesk } from './desk'
import { BENCH_PG_URL, postgresAnswers } from './tickets-list'

const PAIRS = 50
const PASSWORD = 'bench-password'

const cookieOf = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('jrt='))
    ?.match(/^jrt=([^;]*)/)?.[1]

const run = async (label: string, databaseUrl?: string) => {
  const desk = await startBenchDesk('refresh', { databaseUrl })
  try {
    await desk.call('POST', '/api/auth/signup', { name: 'Admin', email: 'admin@bench.test', password: PASSWORD })
    const post = (path: string, cookie?: string, body?: unknown) =>
      fetch(`${desk.url}${path}`, {
        method: 'POST',
        headers: { ...(cookie ? { cookie: `jrt=${cookie}` } : {}), 'content-type': 'application/json' },
        body: JSON.stringify(body ?? {}),
      })
    const cookies: string[] = []
    for (let i = 0; i < PAIRS; i++) {
      cookies.push(
        cookieOf(await post('/api/auth/login', undefined, { email: 'admin@bench.test', password: PASSWORD }))!,
      )
    }
    const started = performance.now()
    const pairs = await Promise.all(
      cookies.map((cookie) =>
        Promise.all([post('/api/auth/refresh_token', cookie), post('/api/auth/refresh_token', cookie)]),
      ),
    )
    const ms = performance.now() - started
    let kept = 0
    for (const answers of pairs) {
      const [a, b] = answers
      const tokens = (await Promise.all(answers.map((r) => r.json()))) as Array<{ token?: string }>
      const works = await Promise.all(
        tokens.map(
          async (t) => (await fetch(`${desk.url}/api/users`, { headers: { authorization: `Bearer ${t.token}` } })).ok,
        ),
      )
      const next = cookieOf(a)
      const same = a.ok && b.ok && next !== undefined && next === cookieOf(b)
      if (same && works.every(Boolean) && (await post('/api/auth/refresh_token', next)).ok) kept++
    }
    console.log(
      `  ${label}: ${PAIRS} pairs in flight (${PAIRS * 2} refreshes in ${ms.toFixed(0)} ms), sessions kept ${kept}/${PAIRS}`,
    )
  } finally {
    await desk.close()
  }
}

export async function concurrentRefresh() {
  await run('SQLite')
  if (!(await postgresAnswers())) {
    console.log(`  PostgreSQL skipped: none answers at ${new URL(BENCH_PG_URL).host} (set BENCH_DATABASE_URL)`)
    return
  }
  const schema = `desk_bench_${randomBytes(6).toString('hex')}`
  const admin = openDatabase({ dataDir: tmpdir(), databaseUrl: BENCH_PG_URL })
  try {
    await sql`create schema ${sql.id(schema)}`.execute(admin.db)
    const url = new URL(BENCH_PG_URL)
    url.searchParams.set('options', `-c search_path=${schema}`)
    await run('PostgreSQL', url.toString())
  } finally {
    await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(admin.db)
    await admin.destroy()
  }
}
