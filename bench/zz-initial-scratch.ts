import { createReadStream, mkdtempSync } from 'node:fs'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import react from '@vitejs/plugin-react'
import { chromium } from 'playwright-core'
import { build } from 'vite'
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from './support'
const outDir = mkdtempSync(join(tmpdir(), 'prof-'))
await build({ root: join(repoRoot, 'bench/render'), configFile: false, plugins: [react()], logLevel: 'error',
  build: { outDir, emptyOutDir: true, target: 'es2022', chunkSizeWarningLimit: 10000 } })
const server = http.createServer((req, res) => {
  const path = normalize(new URL(req.url ?? '/', 'http://x').pathname)
  const file = join(outDir, path === '/' ? 'index.html' : path)
  const s = createReadStream(file); s.on('error', () => res.writeHead(404).end())
  s.on('open', () => { res.writeHead(200, { 'content-type': extname(file) === '.js' ? 'text/javascript' : extname(file) === '.css' ? 'text/css' : 'text/html' }); s.pipe(res) })
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()))
const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
for (let round = 0; round < 3; round++) for (const q of ['view=tickets&none', 'view=tickets', 'view=messages&none', 'view=messages']) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } })
  await page.goto(`${url}/?${q}`)
  await page.waitForFunction(() => (window as any).renderBench?.initialRenderMs !== undefined, undefined, { timeout: 60000 })
  const ms = await page.evaluate(() => (window as any).renderBench.initialRenderMs)
  const nav = await page.evaluate(() => { const [n] = performance.getEntriesByType('navigation') as any; return [n.domContentLoadedEventEnd, performance.now()] })
  console.log(q.padEnd(22), ms.toFixed(0), 'ms; DCL', nav[0].toFixed(0))
  await page.close()
}
await browser.close(); server.close()
