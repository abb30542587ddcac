import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from './support'

const view = process.argv[2] ?? 'tickets'
const mode = process.argv[3] ?? 'scroll'
const outDir = mkdtempSync(join(tmpdir(), 'prof-'))
await build({ root: join(repoRoot, 'bench/render'), configFile: false, plugins: [react()], logLevel: 'error',
  build: { outDir, emptyOutDir: true, target: 'es2022', minify: false, chunkSizeWarningLimit: 10000 } })
const server = http.createServer((req, res) => {
  const path = normalize(new URL(req.url ?? '/', 'http://x').pathname)
  const file = join(outDir, path === '/' ? 'index.html' : path)
  const s = createReadStream(file); s.on('error', () => res.writeHead(404).end())
  s.on('open', () => { res.writeHead(200, { 'content-type': extname(file) === '.js' ? 'text/javascript' : 'text/html' }); s.pipe(res) })
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
const cdp = await page.context().newCDPSession(page)
await cdp.send('Profiler.enable')
await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
if (mode === 'initial') await cdp.send('Profiler.start')
await page.goto(`${url}/?view=${view}`)
await page.waitForFunction(() => (window as any).renderBench?.initialRenderMs !== undefined, undefined, { timeout: 60000 })
console.log('initial', await page.evaluate(() => (window as any).renderBench.initialRenderMs))
if (mode === 'scroll') await cdp.send('Profiler.start')
if (mode === 'scroll') await page.evaluate((s) => (window as any).renderBench.scrollThrough(60, s), Number(process.env.STEP ?? 24))
const { profile } = await cdp.send('Profiler.stop')
writeFileSync(`/tmp/prof/${view}-${mode}.cpuprofile`, JSON.stringify(profile))
// self time by function
const self = new Map<string, number>()
const byId = new Map(profile.nodes.map((n: any) => [n.id, n]))
const dt = profile.timeDeltas
const counts = new Map<number, number>()
profile.samples.forEach((s: number, i: number) => counts.set(s, (counts.get(s) ?? 0) + Math.min(dt[i] ?? 0, 1000)))
for (const [id, t] of counts) { const n: any = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; self.set(k, (self.get(k) ?? 0) + t) }
const total = [...self.values()].reduce((a, b) => a + b, 0)
console.log('total ms', (total / 1000).toFixed(0))
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 45)) console.log((v / 1000).toFixed(1).padStart(8), k)
// inclusive time
const parent = new Map<number, number>()
for (const n of profile.nodes as any[]) for (const c of n.children ?? []) parent.set(c, n.id)
const incl = new Map<string, number>()
for (const [id, t] of counts) { const seen = new Set<string>(); let cur: number | undefined = id; while (cur !== undefined) { const n: any = byId.get(cur); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + t) } cur = parent.get(cur) } }
console.log('--- inclusive')
for (const [k, v] of [...incl.entries()].sort((a, b) => b[1] - a[1]).slice(0, 70)) console.log((v / 1000).toFixed(1).padStart(8), k)
await browser.close(); server.close()
