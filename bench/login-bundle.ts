/**
 * Loads /login of the built app in Chromium against a real server and sums the
 * gzip size of every JavaScript file the page fetched. Target: ≤ 145 kB. (`bundles.ts` counts the same
 * route from the build's index.html; this is what a browser really fetches.)
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { createServer } from '@desk/server'
import { chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from './support'

const TARGET_KB = 145

export async function loginBundle({ build: rebuild = true }: { build?: boolean } = {}) {
  const build = !rebuild
    ? { status: 0 }
    : spawnSync(process.execPath, [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
        cwd: join(repoRoot, 'packages/crm-app'),
        stdio: 'inherit',
      })
  if (build.status !== 0) throw new Error('app build failed')

  const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-'))
  const server = createServer({
    dataDir,
    port: 0,
    host: '127.0.0.1',
    staticDir: join(repoRoot, 'packages/crm-app/dist'),
  })
  const { url } = await server.listen()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    const scripts = new Map<string, number>()
    const unread: string[] = []
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return
      const body = await response.body().catch(() => null)
      if (body) scripts.set(response.url(), gzipSync(body, { level: 9 }).length)
      else unread.push(response.url())
    })
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' })
    await page.waitForTimeout(500)
    const rows = [...scripts].sort((a, b) => b[1] - a[1])
    for (const [file, size] of rows)
      console.log(`  ${(size / 1024).toFixed(1).padStart(7)} kB  ${new URL(file).pathname}`)
    const totalKb = rows.reduce((sum, [, size]) => sum + size, 0) / 1024
    for (const file of unread)
      console.warn(`  ! could not read ${new URL(file).pathname}: the figure below leaves it out`)
    console.log(`  login route JS: ${totalKb.toFixed(1)} kB gzip in ${rows.length} files (target ≤ ${TARGET_KB} kB)`)
  } finally {
    await browser.close()
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
