import { createRequire } from 'node:module'
import { join } from 'node:path'
import { monitorEventLoopDelay } from 'node:perf_hooks'
const req = createRequire(join(process.cwd(), 'packages/server/package.json'))
const SQLite = req('better-sqlite3')
const slow: number[] = []
if (process.env.NOCKPT) { const op = SQLite.prototype.pragma; SQLite.prototype.pragma = function (t: string, ...a: unknown[]) { const r = op.call(this, t, ...a); if (t.startsWith('synchronous')) op.call(this, 'wal_autocheckpoint = 0'); return r } }
const stats = new Map<string, { n: number; ms: number; max: number }>()
const origPrepare = SQLite.prototype.prepare
SQLite.prototype.prepare = function (text: string) {
  const st = origPrepare.call(this, text)
  for (const m of ['all', 'run', 'get', 'iterate']) {
    const f = st[m]
    st[m] = (...a: unknown[]) => {
      const t = performance.now()
      try { return f.apply(st, a) } finally {
        const d = performance.now() - t
        const s = stats.get(text) ?? { n: 0, ms: 0, max: 0 }
        if (d > 10) slow.push(Math.round(d)); if (text === 'commit' && d > 3) commits.push(Math.round(d));s.n++; s.ms += d; s.max = Math.max(s.max, d); stats.set(text, s)
      }
    }
  }
  return st
}
const { PerformanceObserver } = await import('node:perf_hooks')
const gcs: number[] = []
new PerformanceObserver((l) => { for (const e of l.getEntries()) gcs.push(Math.round(e.duration * 10) / 10) }).observe({ entryTypes: ['gc'] })
const commits: number[] = []
const h = monitorEventLoopDelay({ resolution: 5 }); h.enable()
const { socketLatency } = await import('./socket-latency')
await socketLatency()
console.log('eld p50', h.percentile(50) / 1e6, 'p99', h.percentile(99) / 1e6, 'max', h.max / 1e6)
console.log('gc n', gcs.length, 'sum', gcs.reduce((a, b) => a + b, 0).toFixed(0), 'big', gcs.filter((g) => g > 10).join(','))
console.log('slow commits', commits.join(','))
for (const [k, s] of [...stats].sort((a, b) => b[1].ms - a[1].ms).slice(0, 15))
  console.log(s.n, s.ms.toFixed(0), (s.ms / s.n).toFixed(3), s.max.toFixed(1), k.slice(0, 250))
