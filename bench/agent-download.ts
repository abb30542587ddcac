/**
 * What an agent's browser downloads of the built app, measured in Chromium against a real server:
 * (a) the login page, (b) a session that logs in and visits every signed-in page (the administrator's,
 * which include every agent's). Counts every file of the build the browser fetched (scripts, styles,
 * fonts, images, index.html), once per address (the assets are cached for good), gzip level 9 as a
 * compressing front end would send them, and as served. API calls and the socket are data, not the build.
 * Builds the app first unless `build: false` (`npm run bench` builds it once for the bundle figures).
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { createServer } from '@desk/server'
import { chromium, type Page } from 'playwright-core'
import { APP_PAGES } from '../packages/crm-app/src/pages/pageTable'
import { CHROMIUM_ARGS, CHROMIUM_PATH, repoRoot } from './support'

/**
 * Every signed-in page the menu lists, the administrators' included, read from the app's page table (its
 * pages are loaded on demand, so importing the table loads none of them; `/jobs/:id` is no menu entry).
 */
const PAGES = APP_PAGES.flatMap((page) => (page.menu ? [page.menu.href ?? page.path] : []))
const dist = join(repoRoot, 'packages/crm-app/dist')
const who = { name: 'Ada Admin', email: 'ada@example.com', password: 'ada-secret-1' }

interface Fetched {
  raw: number
  gzip: number
}

/**
 * Records every file of the build `page` fetches, by path. Its size is that of the file the server sends
 * (read from `dist`: a response's body can no longer be read once its page has moved on).
 */
function recordAssets(page: Page, origin: string, into: Map<string, Fetched>) {
  page.on('response', (response) => {
    const url = new URL(response.url())
    if (url.origin !== origin || url.pathname.startsWith('/api') || url.pathname.startsWith('/socket.io')) return
    if (response.status() >= 400) return
    const file = url.pathname.includes('.') ? url.pathname : '/index.html'
    if (into.has(file)) return
    const body = readFileSync(join(dist, file))
    into.set(file, { raw: body.length, gzip: gzipSync(body, { level: 9 }).length })
  })
}

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`
const total = (files: Map<string, Fetched>, what: (f: Fetched) => number, only?: RegExp) =>
  [...files].filter(([path]) => !only || only.test(path)).reduce((sum, [, f]) => sum + what(f), 0)

/** The budgets of the JavaScript each figure holds (gzip); `test/bundle.test.ts` holds the build to them too. */
const TARGET_KB = { login: 145, session: 450 }

function report(name: string, files: Map<string, Fetched>, targetKb: number) {
  const js = /\.js$/
  console.log(
    `  ${name}: ${kB(total(files, (f) => f.gzip))} gzip (${kB(total(files, (f) => f.raw))} as served) in ${files.size} files; JavaScript ${kB(total(files, (f) => f.gzip, js))} gzip (target ≤ ${targetKb} kB)`,
  )
}

export async function agentDownload({ build: rebuild = true }: { build?: boolean } = {}) {
  if (rebuild) {
    const build = spawnSync(
      process.execPath,
      [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
      { cwd: join(repoRoot, 'packages/crm-app'), stdio: 'inherit' },
    )
    if (build.status !== 0) throw new Error('app build failed')
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-bench-'))
  const server = createServer({ dataDir, port: 0, host: '127.0.0.1', staticDir: dist })
  const { url } = await server.listen()
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
  try {
    const signup = await fetch(`${url}/api/auth/signup`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(who),
    })
    if (!signup.ok) throw new Error(`signup → ${signup.status}`)

    const login = new Map<string, Fetched>()
    const first = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    const loginPage = await first.newPage()
    recordAssets(loginPage, url, login)
    await loginPage.goto(`${url}/login`, { waitUntil: 'networkidle' })
    await loginPage.getByLabel('Email').waitFor()
    // The fonts its text is drawn with, which the browser fetches once it lays the text out.
    await loginPage.evaluate(async () => {
      await document.fonts.ready
    })
    await first.close()

    const session = new Map<string, Fetched>()
    const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1280, height: 900 } })
    const page = await context.newPage()
    recordAssets(page, url, session)
    await page.goto(`${url}/login`, { waitUntil: 'networkidle' })
    await page.getByLabel('Email').fill(who.email)
    await page.getByLabel('Password').fill(who.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL((u) => !u.pathname.startsWith('/login'))
    for (const path of PAGES) {
      await page.goto(`${url}${path}`, { waitUntil: 'networkidle' })
      // The dashboard draws its chart (loaded on demand) once its figures arrive.
      if (path === '/')
        await page.getByRole('img', { name: 'Tickets created today per hour' }).waitFor({ timeout: 30_000 })
      await page.waitForTimeout(300)
    }
    if (page.url().includes('/login')) throw new Error('the session ended on /login')
    await context.close()

    report('(a) login page', login, TARGET_KB.login)
    report('(b) session over every page', session, TARGET_KB.session)
    return { login, session }
  } finally {
    await browser.close()
    await server.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

if (process.argv[1]?.endsWith('agent-download.ts')) await agentDownload({ build: process.env.BUILD !== '0' })
