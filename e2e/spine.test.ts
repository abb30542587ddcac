/**
 * The spine, end to end: the built app in Chromium against a real server on a
 * fresh data folder. One scenario, in the order a new install lives it.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { type Account, admin, agent, apiWith, tokenOf } from './api'
import { logIn } from './pages'
import { type Desk, repoRoot, startDesk } from './support'

let desk: Desk

beforeAll(async () => {
  desk = await startDesk()
})
afterAll(async () => {
  await desk?.stop()
})

async function newPage(): Promise<{ context: BrowserContext; page: Page }> {
  const context = await desk.newContext({ locale: 'en-US' })
  const page = await context.newPage()
  return { context, page }
}

async function signup(page: Page, who: Account) {
  await page.goto('/signup')
  await page.getByLabel('Name').fill(who.name)
  await page.getByLabel('Email').fill(who.email)
  await page.getByLabel('Password').fill(who.password)
  await page.getByRole('button', { name: 'Sign up' }).click()
}

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click()
  await page.getByRole('menuitem', { name: 'Logout' }).click()
  await page.waitForURL('**/login')
}

/** Calls the API from inside the page, with the page's own token and cookies. */
function callApi(page: Page, method: string, path: string, body?: unknown) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const raw = localStorage.getItem('token')
      const token = raw ? JSON.parse(raw) : null
      const res = await fetch(`/api${path}`, {
        method,
        credentials: 'include',
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      })
      return { status: res.status, body: await res.text() }
    },
    { method, path, body },
  )
}

describe('a new install, from the first signup to a second agent', () => {
  test('the first signup becomes the administrator, who can log out and back in', async () => {
    const { context, page } = await newPage()
    await signup(page, admin)
    await page.waitForURL('**/login')
    await expect(page.getByText('User created successfully!').first().isVisible()).resolves.toBe(true)

    await logIn(page, admin)
    expect(new URL(page.url()).pathname).toBe('/')
    await page.getByRole('link', { name: 'Users' }).waitFor()
    await expect(page.getByText('Administration').first().isVisible()).resolves.toBe(true)

    await logout(page)
    await logIn(page, admin)
    await page.getByRole('link', { name: 'Users' }).waitFor()
    await context.close()
  })

  test('a private page sends a visitor to login and back to where they were going', async () => {
    const { context, page } = await newPage()
    // The seed's own spelling of the address: paths match without regard to case.
    await page.goto('/Settings')
    await page.waitForURL('**/login')
    await page.getByLabel('Email').fill(admin.email)
    await page.getByLabel('Password').fill(admin.password)
    await page.getByRole('button', { name: 'Log in' }).click()
    await page.waitForURL('**/Settings')
    await page.getByLabel('User creation').waitFor()
    await context.close()
  })

  test('the admin creates an agent, who sees no administration and is refused by the server', async () => {
    const { context, page } = await newPage()
    await logIn(page, admin)
    await page.getByRole('link', { name: 'Users' }).click()
    await page.waitForURL('**/users')
    await page.getByRole('button', { name: 'Add user' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByLabel('Name').fill(agent.name)
    await dialog.getByLabel('Email').fill(agent.email)
    await dialog.getByLabel('Password').fill(agent.password)
    await dialog.getByRole('button', { name: 'Add' }).click()
    await page.getByRole('cell', { name: agent.email }).waitFor()
    await context.close()

    const second = await newPage()
    await logIn(second.page, agent)
    await second.page.getByRole('link', { name: 'Tickets' }).waitFor()
    expect(await second.page.getByRole('link', { name: 'Users' }).count()).toBe(0)
    expect(await second.page.getByText('Administration').count()).toBe(0)

    const create = await callApi(second.page, 'POST', '/users', {
      name: 'Sneaky',
      email: 'sneaky@example.com',
      password: 'sneaky-1',
    })
    expect(create.status).toBe(403)
    expect(JSON.parse(create.body).error).toBe('ERR_NO_PERMISSION')
    const settings = await callApi(second.page, 'PUT', '/settings/userCreation', { value: 'disabled' })
    expect(settings.status).toBe(403)
    await second.context.close()
  })

  test("the admin changes an agent's queues without touching the password: the agent's session carries on", async () => {
    const api = apiWith(desk, await tokenOf(desk, admin))
    await api('POST', '/queue', { name: 'Sales', color: '#84cc16' })
    const agentSide = await newPage()
    await logIn(agentSide.page, agent)
    await agentSide.page.getByRole('link', { name: 'Tickets' }).waitFor()

    const { context, page } = await newPage()
    await logIn(page, admin)
    await page.goto('/users')
    await page.getByRole('button', { name: `Edit ${agent.name}` }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByLabel('Password').inputValue()).resolves.toBe('')
    // The box is drawn over a visually hidden input: a user clicks its label.
    await dialog.locator('label').filter({ hasText: 'Sales' }).click()
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Sales' }).isChecked()).toBe(true)
    await dialog.getByRole('button', { name: 'Save' }).click()
    await page.getByText('User saved successfully!').first().waitFor()
    await dialog.waitFor({ state: 'hidden' })
    await context.close()

    const users = await api<{ users: { email: string; queues: { name: string }[] }[] }>('GET', '/users')
    expect(users.users.find((u) => u.email === agent.email)?.queues.map((q) => q.name)).toEqual(['Sales'])
    // Same password, same sessions: a reload restores the agent's session instead of sending them to login.
    await agentSide.page.reload()
    await agentSide.page.getByRole('link', { name: 'Tickets' }).waitFor()
    expect(new URL(agentSide.page.url()).pathname).not.toBe('/login')
    await expect(tokenOf(desk, agent)).resolves.toBeTruthy()
    await agentSide.context.close()
  })

  test('signup is closed once there is an administrator: the translated error, until the admin opens it', async () => {
    const late = { name: 'Late Comer', email: 'late@example.com', password: 'late-secret' }
    const visitor = await newPage()
    await signup(visitor.page, late)
    await visitor.page.getByText('User creation has been disabled by the administrator.').first().waitFor()
    expect(new URL(visitor.page.url()).pathname).toBe('/signup')

    const { context, page } = await newPage()
    await logIn(page, admin)
    await page.goto('/settings')
    const select = page.getByLabel('User creation')
    await select.waitFor()
    await expect(select.inputValue()).resolves.toBe('disabled')
    await select.selectOption('enabled')
    await page.getByText('Settings saved successfully!').first().waitFor()
    await context.close()

    await signup(visitor.page, late)
    await visitor.page.waitForURL('**/login')
    await logIn(visitor.page, late)
    await visitor.page.getByRole('link', { name: 'Tickets' }).waitFor()
    await visitor.context.close()
  })

  test('the chosen language survives a reload', async () => {
    const { context, page } = await newPage()
    await page.goto('/login')
    await page.getByLabel('Language').selectOption('pt-BR')
    await page.reload()
    await page.getByRole('button', { name: 'Entrar' }).waitFor()
    await expect(page.locator('html').getAttribute('lang')).resolves.toBe('pt-BR')
    await context.close()
  })

  test('a language chosen on /login reads in the signed-in app too, and one chosen there reads at once', async () => {
    const { context, page } = await newPage()
    await page.goto('/login')
    await page.getByLabel('Language').selectOption('pt-BR')
    await page.getByLabel('E-mail').fill(admin.email)
    await page.getByLabel('Senha').fill(admin.password)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await page.getByRole('link', { name: 'Atendimentos' }).waitFor()
    await page.getByLabel('Idioma').selectOption('es')
    await page.getByRole('link', { name: 'Contactos' }).waitFor()
    // The account keeps the last choice: back to English for the pages after this one.
    await page.getByLabel('Idioma').selectOption('en')
    await page.getByRole('link', { name: 'Contacts' }).waitFor()
    await context.close()
  })

  test('after logout the refresh token no longer works', async () => {
    const { context, page } = await newPage()
    await logIn(page, admin)
    const before = await callApi(page, 'POST', '/auth/refresh_token')
    expect(before.status).toBe(200)
    await logout(page)
    const after = await callApi(page, 'POST', '/auth/refresh_token')
    expect(after.status).toBe(401)
    await context.close()
  })
})

describe('the Content-Security-Policy', () => {
  test('lets the voice-note encoder run in its worker', async () => {
    const { context, page } = await newPage()
    await page.goto('/login')
    const worker = readdirSync(join(repoRoot, 'packages/crm-app/dist/assets')).find((f) =>
      /^mp3\.worker-.*\.js$/.test(f),
    )
    expect(worker).toBeDefined()
    const size = await page.evaluate(async (src) => {
      const w = new Worker(src, { type: 'module' })
      const sampleRate = 44_100
      const samples = new Float32Array(sampleRate).map((_, i) => Math.sin((2 * Math.PI * 440 * i) / sampleRate) / 2)
      return new Promise<number>((resolve, reject) => {
        w.onmessage = (event) => (event.data.bytes ? resolve(event.data.bytes.byteLength) : reject(event.data.error))
        w.onerror = (event) => reject(new Error(event.message || 'worker failed'))
        w.postMessage({ samples, sampleRate }, [samples.buffer])
      }).finally(() => w.terminate())
    }, `/assets/${worker}`)
    // One second at 128 kbps is about 16 kB.
    expect(size).toBeGreaterThan(10_000)
    await context.close()
  })

  test('no page of this scenario reported a violation', () => {
    expect(desk.cspViolations).toEqual([])
  })
})
