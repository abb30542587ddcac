import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { createServer, type DeskServer, type ServerConfig } from '@desk/server'
import { type Browser, type BrowserContext, type BrowserContextOptions, chromium } from 'playwright-core'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium'

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..')
const distDir = join(repoRoot, 'packages/crm-app/dist')

/** Builds the app unless `npm test` already did. */
export function ensureBuiltApp() {
  if (existsSync(join(distDir, 'index.html')) && process.env.E2E_REBUILD !== '1') return
  const r = spawnSync(
    process.execPath,
    [join(repoRoot, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: join(repoRoot, 'packages/crm-app'),
      stdio: 'inherit',
      // Run under the test runner, NODE_ENV is `test`, which Vite would keep: a development React whose styles
      // the Content-Security-Policy refuses. The app under test is the one users get.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  )
  if (r.status !== 0) throw new Error('app build failed')
}

/**
 * Builds the widget (embed.js, frame/, demo/) when its sources changed since its last build. The global
 * setup passes `force` under E2E_REBUILD=1; the files, which run side by side, never rebuild it themselves.
 */
export function ensureBuiltEmbed({ force = false } = {}) {
  const args = [join(repoRoot, 'packages/embed/build.mjs'), ...(force ? [] : ['--if-stale'])]
  const r = spawnSync(process.execPath, args, { cwd: repoRoot, stdio: 'inherit' })
  if (r.status !== 0) throw new Error('widget build failed')
}

export interface Desk {
  url: string
  browser: Browser
  /** A browser context whose pages report every Content-Security-Policy violation to `cspViolations`. */
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>
  /** What the pages' Content-Security-Policy refused (`directive blocked-uri at page`), in order. */
  cspViolations: string[]
  /** The running server, for what a test plays outside the browser (e.g. cutting a socket). */
  server: DeskServer
  stop(): Promise<void>
}

/** A real server on a fresh data folder serving the built app, and a real Chromium; `config` adds server settings. */
export async function startDesk(config: Partial<ServerConfig> = {}): Promise<Desk> {
  ensureBuiltApp()
  ensureBuiltEmbed()
  const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-'))
  const server = createServer({ ...config, dataDir, port: 0, host: '127.0.0.1', staticDir: distDir })
  const { url } = await server.listen()
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
  })
  const cspViolations: string[] = []
  return {
    url,
    browser,
    server,
    cspViolations,
    newContext: (options) => watchedContext(browser, { baseURL: url, ...options }, cspViolations),
    async stop() {
      await browser.close()
      await server.close()
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * A context that records Content-Security-Policy violations: the `securitypolicyviolation` events
 * of every page, and the console's reports of them (workers report only there).
 */
async function watchedContext(browser: Browser, options: BrowserContextOptions, violations: string[]) {
  const context = await browser.newContext(options)
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    violations.push(`${text} at ${new URL(page.url()).pathname}`)
  })
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void }).__reportCspViolation
      report(`${event.effectiveDirective} ${event.blockedURI || 'inline'}`)
    })
  })
  context.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(`console: ${message.text()}`)
  })
  return context
}
