import { execFile, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { Ticket } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { migrateToLatest, openDatabase } from '../../src/db'
import { apiPath, bootstrapAdmin, NOT_A_ROUTE, PASSWORD, startTestServer, type TestServer } from '../support/server'

const run = promisify(execFile)
const serverDir = fileURLToPath(new URL('../..', import.meta.url))

describe('the built app on the same origin', () => {
  let t: TestServer
  let appDir: string
  beforeAll(async () => {
    appDir = mkdtempSync(path.join(tmpdir(), 'desk-app-'))
    mkdirSync(path.join(appDir, 'assets'))
    writeFileSync(path.join(appDir, 'index.html'), '<!doctype html><title>LimeDesk</title><div id="root"></div>')
    writeFileSync(path.join(appDir, 'assets', 'app-123.js'), 'console.log("app")')
    t = await startTestServer('sqlite', { staticDir: appDir })
  })
  afterAll(async () => {
    await t?.close()
    rmSync(appDir, { recursive: true, force: true })
  })

  it('serves index.html for / and for client routes, and the assets as files', async () => {
    for (const route of ['/', '/login', '/tickets/12', '/users/', '/Settings']) {
      const res = await fetch(`${t.url}${route}`)
      expect(res.status, route).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/text\/html/)
      expect(await res.text()).toContain('<title>LimeDesk</title>')
    }
    const asset = await fetch(`${t.url}/assets/app-123.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toMatch(/javascript/)
    expect(asset.headers.get('cache-control')).toMatch(/immutable/)
  })

  it('keeps API misses, missing files and non-GET requests out of the fallback', async () => {
    const api = await fetch(`${t.url}${NOT_A_ROUTE}`)
    expect(api.status).toBe(404)
    expect(await api.json()).toMatchObject({ error: 'ERR_NOT_FOUND' })
    expect((await fetch(`${t.url}/assets/missing-456.js`)).status).toBe(404)
    expect((await fetch(`${t.url}/users`, { method: 'POST' })).status).toBe(404)
    expect((await fetch(`${t.url}${apiPath('health')}`)).status).toBe(200)
  })
})

describe('make-admin command', () => {
  let dataDir: string
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'desk-cli-'))
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  const makeAdmin = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/cli/make-admin.ts', ...args], {
      cwd: serverDir,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
    })

  it('creates an administrator, then promotes an existing user', async () => {
    const created = await makeAdmin('--email', 'boss@desk.test', '--name', 'The Boss', '--password', 'boss-pass')
    expect(created.stdout).toMatch(/Created administrator The Boss <boss@desk\.test>/)

    const database = openDatabase({ dataDir })
    await migrateToLatest(database.db)
    await database.db.updateTable('users').set({ profile: 'user' }).where('email', '=', 'boss@desk.test').execute()
    await database.destroy()

    const promoted = await makeAdmin('--email', 'BOSS@desk.test')
    expect(promoted.stdout).toMatch(/Promoted to administrator The Boss/)

    const check = openDatabase({ dataDir })
    const row = await check.db
      .selectFrom('users')
      .select('profile')
      .where('email', '=', 'boss@desk.test')
      .executeTakeFirst()
    await check.destroy()
    expect(row?.profile).toBe('admin')
  }, 60_000) // two cold starts of the command through tsx: seconds each on a busy two-core machine

  it('fails with a reason on missing or invalid input', async () => {
    await expect(makeAdmin('--email', 'new@desk.test', '--name', 'Newcomer', '--password', '1')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/Invalid input: validation\.tooShort/),
    })
  })
})

describe('customer command', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await startTestServer('sqlite', { simulator: { qrRefreshMs: 0 } })
  })
  afterAll(() => t?.close())

  it('pairs the connection, sends piped lines as a customer and prints what the desk answers', async () => {
    const admin = await bootstrapAdmin(t)
    const connection = (await admin.call('connectionCreate', { body: { name: 'Sim line' } })).body
    await vi.waitFor(async () =>
      expect((await admin.call('connectionGet', { params: { id: connection.id } })).body.status).toBe('qrcode'),
    )
    const args = ['--url', t.url, '--email', 'admin@desk.test', '--password', PASSWORD]
    // The number as a person would type it.
    args.push('--connection', String(connection.id), '--from', '+55 11 90000-0001', '--name', 'Carla')
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/customer.ts', ...args], { cwd: serverDir })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
    try {
      // Two lines at once, as a pipe delivers them: neither may be lost.
      child.stdin.write('Hello from the terminal\nIs anyone there?\n')
      const ticket = await vi.waitFor(
        async () => {
          const list = await admin.call('ticketList', { query: { showAll: true, searchParam: '5511900000001' } })
          const found = list.body.tickets[0]
          expect(found?.lastMessage).toBe('Is anyone there?')
          return found as Ticket
        },
        { timeout: 10_000, interval: 100 },
      )
      expect(output).toMatch(/Paired connection \d+: CONNECTED/)
      expect(ticket.contact).toMatchObject({ name: 'Carla', number: '5511900000001' })
      const page = await admin.call('messageList', { params: { ticketId: ticket.id } })
      expect(page.body.messages.map((m) => m.body)).toEqual(['Hello from the terminal', 'Is anyone there?'])

      await admin.call('ticketUpdate', { params: { id: ticket.id }, body: { status: 'open' } })
      await admin.call('messageSend', { params: { ticketId: ticket.id }, body: { body: 'Hi Carla, how can I help?' } })
      await vi.waitFor(() => expect(output).toContain('< desk: Hi Carla, how can I help?'), {
        timeout: 10_000,
        interval: 100,
      })
      child.stdin.end()
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
    }
  })
})

describe('main entry', () => {
  it('migrates, prints its URL, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'desk-main-'))
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
    })
    try {
      let output = ''
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk) => {
          output += chunk
          const match = output.match(/running at (http:\/\/\S+)/)
          if (match) resolve(match[1])
        })
        child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${output}`)))
      })
      const health = await fetch(`${url}${apiPath('health')}`)
      expect(await health.json()).toEqual({ status: 'ok', database: 'sqlite' })
      const settings = await fetch(`${url}${apiPath('settingList')}`)
      expect(settings.status).toBe(401)
      const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
      child.kill('SIGTERM')
      expect(await exited).toBe(0)
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL')
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})
