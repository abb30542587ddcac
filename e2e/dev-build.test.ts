/**
 * A development build of the app (`NODE_ENV=test`, what `E2E_REBUILD=1` makes) draws its login page in
 * English and in Spanish, as the production build does: its chunks load without an error.
 */
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer, type DeskServer } from '@desk/server'
import { type Browser, chromium } from 'playwright-core'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../chromium'
import { repoRoot } from './support'

const outDir = mkdtempSync(join(tmpdir(), 'desk-dev-build-'))
const dataDir = mkdtempSync(join(tmpdir(), 'desk-e2e-'))
let server: DeskServer
let browser: Browser
let url = ''

beforeAll(async () => {
  const build = spawnSync(
    process.execPath,
    [
      join(repoRoot, 'node_modules/vite/bin/vite.js'),
      'build',
      '--logLevel',
      'error',
      '--outDir',
      outDir,
      '--emptyOutDir',
    ],
    { cwd: join(repoRoot, 'packages/crm-app'), stdio: 'inherit', env: { ...process.env, NODE_ENV: 'test' } },
  )
  if (build.status !== 0) throw new Error('development build failed')
  server = createServer({ dataDir, port: 0, host: '127.0.0.1', staticDir: outDir })
  ;({ url } = await server.listen())
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS })
}, 300_000)

afterAll(async () => {
  await browser?.close()
  await server?.close()
  rmSync(outDir, { recursive: true, force: true })
  rmSync(dataDir, { recursive: true, force: true })
})

test.each([
  ['en-US', 'Log in'],
  ['es-ES', 'Iniciar sesión'],
])('in %s the development build shows the login form without an error', async (locale, logIn) => {
  const context = await browser.newContext({ locale })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  const failed = page.waitForEvent('pageerror', { timeout: 0 }).then((error) => {
    throw error
  })
  failed.catch(() => undefined)
  await page.goto(`${url}/login`)
  // A chunk that fails on load leaves the page blank: the error, not a timeout, is the answer.
  await Promise.race([page.getByRole('button', { name: logIn }).waitFor({ timeout: 30_000 }), failed])
  expect(errors).toEqual([])
  await expect(page.getByRole('button', { name: logIn }).isVisible()).resolves.toBe(true)
  await context.close()
})
