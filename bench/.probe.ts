import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer } from '@desk/server'
import { chromium } from 'playwright-core'
const root = '/work/main'
const dataDir = mkdtempSync(join(tmpdir(), 'desk-probe-'))
const server = createServer({ dataDir, port: 0, host: '127.0.0.1', staticDir: join(root, 'packages/crm-app/dist') })
const { url } = await server.listen()
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
const page = await (await browser.newContext({ baseURL: url, locale: 'en-US' })).newPage()

page.on('console', (m) => m.type() === 'error' && console.log('console', m.text()))
await page.goto('/signup')
await page.getByLabel('Name').fill('Ada Admin')
await page.waitForTimeout(300)
console.log('after fill', await page.evaluate(() => document.querySelectorAll('[data-scope=toast]').length + ' ' + document.querySelector('.chakra-theme')?.children.length))
await page.getByLabel('Email').fill('ada@example.com')
await page.getByLabel('Password').fill('ada-secret-1')
console.log(Date.now() % 100000, 'click')
await page.getByRole('button', { name: 'Sign up' }).click()
await page.waitForURL('**/login')
console.log(Date.now() % 100000, 'at login', await page.getByText('User created successfully!').first().isVisible())
await page.waitForTimeout(500)
console.log('later', await page.getByText('User created successfully!').first().isVisible())
await browser.close(); await server.close(); rmSync(dataDir, { recursive: true, force: true })
