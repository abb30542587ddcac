/**
 * A CPU profile of one list while it scrolls (an unminified build of the rendering benchmark page): prints
 * the functions with the most self time, so where a frame's script goes is visible whatever the machine load.
 *
 * `tsx bench/render/profile.ts [tickets|messages] [frames] [stepPx]` (no step: a fling through the whole list).
 */
import { createReadStream, mkdtempSync, rmSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join } from 'node:path'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from '../support'

const [view = 'messages', framesArg = '300', stepArg] = process.argv.slice(2)
const TOP = 30

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  children?: number[]
}

const outDir = mkdtempSync(join(tmpdir(), 'desk-bench-profile-'))
await build({
  root: join(repoRoot, 'bench/render'),
  configFile: false,
  plugins: [react()],
  logLevel: 'error',
  build: { outDir, emptyOutDir: true, target: 'es2022', minify: false, chunkSizeWarningLimit: 10_000 },
})
const server = http.createServer((req, res) => {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  const file = join(outDir, path === '/' ? 'index.html' : path.replaceAll('..', ''))
  const type = extname(file) === '.js' ? 'text/javascript' : extname(file) === '.html' ? 'text/html' : 'text/plain'
  createReadStream(file)
    .on('error', () => res.writeHead(404).end())
    .on('open', function (this: NodeJS.ReadableStream) {
      res.writeHead(200, { 'content-type': type })
      this.pipe(res)
    })
})
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/?view=${view}`)
  await page.waitForFunction(() => window.renderBench?.initialRenderMs !== undefined, undefined, { timeout: 60_000 })
  await page.evaluate(() => window.renderBench?.warmUp(60, 24))
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
  await cdp.send('Profiler.start')
  await page.evaluate(([n, px]) => window.renderBench?.scrollThrough(n, px ?? undefined), [
    Number(framesArg),
    stepArg ? Number(stepArg) : null,
  ] as const)
  const { profile } = await cdp.send('Profiler.stop')
  const nodes = new Map<number, ProfileNode>(profile.nodes.map((n: ProfileNode) => [n.id, n]))
  const self = new Map<number, number>()
  const deltas = profile.timeDeltas ?? []
  const samples: number[] = profile.samples ?? []
  for (const [i, id] of samples.entries()) self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0))
  const byName = new Map<string, number>()
  let total = 0
  for (const [id, us] of self) {
    const { functionName, url, lineNumber } = (nodes.get(id) as ProfileNode).callFrame
    if (functionName === '(idle)' || functionName === '(program)') continue
    total += us
    const key = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`
    byName.set(key, (byName.get(key) ?? 0) + us)
  }
  console.log(`${view}: ${(total / 1000).toFixed(0)} ms of script and GC over ${framesArg} frames`)
  for (const [key, us] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
    console.log(`  ${(us / 1000).toFixed(1).padStart(8)} ms  ${((100 * us) / total).toFixed(1).padStart(5)}%  ${key}`)
  }
} finally {
  await browser.close()
  server.close()
  if (!process.env.KEEP) rmSync(outDir, { recursive: true, force: true })
  else console.log(outDir)
}
