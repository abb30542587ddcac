import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectSimulator } from '../support/desk'
import { apiPath, bootstrapAdmin, type Client, startTestServer, type TestServer } from '../support/server'
import { createWebChat, PARTNER } from '../support/widget'

/** The directives of a Content-Security-Policy header, by name. */
const directives = (header: string | null) =>
  new Map(
    (header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name!, values]),
  )

describe('the widget files and the frame', () => {
  let t: TestServer
  let embedDir: string
  let wc: Awaited<ReturnType<typeof createWebChat>>
  let simId: number
  let admin: Client
  const get = (url: string) => fetch(`${t.url}${url}`)

  beforeAll(async () => {
    embedDir = mkdtempSync(path.join(tmpdir(), 'embed-'))
    mkdirSync(path.join(embedDir, 'frame', 'assets'), { recursive: true })
    mkdirSync(path.join(embedDir, 'demo'), { recursive: true })
    writeFileSync(path.join(embedDir, 'embed.js'), 'window.LimeDesk = {}')
    writeFileSync(path.join(embedDir, 'frame', 'index.html'), '<!doctype html><div id="root"></div>')
    writeFileSync(path.join(embedDir, 'frame', 'assets', 'frame-abc123.js'), 'console.log(1)')
    writeFileSync(path.join(embedDir, 'demo', 'index.html'), '<!doctype html><p>demo</p>')
    t = await startTestServer('sqlite', { embedDir, simulator: { qrRefreshMs: 0 } })
    admin = await bootstrapAdmin(t)
    simId = (await connectSimulator(admin)).id
    wc = await createWebChat(admin, { allowedOrigins: [PARTNER, 'http://127.0.0.1:5173'] })
  })
  afterAll(async () => {
    await t?.close()
    rmSync(embedDir, { recursive: true, force: true })
  })

  it('lets exactly the allowed origins frame the widget, and lets it talk to its own origin only', async () => {
    const res = await get(`/widget/${wc.id}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toContain('id="root"')
    expect(res.headers.get('x-frame-options')).toBeNull()
    const policy = directives(res.headers.get('content-security-policy'))
    expect(policy.get('frame-ancestors')).toEqual([PARTNER, 'http://127.0.0.1:5173'])
    const host = new URL(t.url).host
    expect(policy.get('connect-src')).toEqual(["'self'", `ws://${host}`, `wss://${host}`])
    expect(policy.get('script-src')).toEqual(["'self'"])
    expect(policy.get('default-src')).toEqual(["'self'"])
  })

  it('serves no frame for other connections, and keeps the app unframeable', async () => {
    expect((await get(`/widget/${simId}`)).status).toBe(404)
    expect((await get('/widget/999999')).status).toBe(404)
    expect((await get('/widget/abc')).status).toBe(404)
    const api = await get(apiPath('widgetConfig', { connectionId: wc.id }))
    expect(api.headers.get('x-frame-options')).toBe('DENY')
    expect(directives(api.headers.get('content-security-policy')).get('frame-ancestors')).toEqual(["'none'"])
  })

  it('lets no site frame the widget of a connection that allows no origins', async () => {
    // The API asks for at least one origin; an older or hand-edited row may have none.
    const closed = await createWebChat(admin)
    const row = await t.server.db
      .selectFrom('whatsapps')
      .select('config')
      .where('id', '=', closed.id)
      .executeTakeFirstOrThrow()
    const config = JSON.parse(row.config as string)
    delete config.webChat.allowedOrigins
    await t.server.db
      .updateTable('whatsapps')
      .set({ config: JSON.stringify(config) })
      .where('id', '=', closed.id)
      .execute()
    const res = await get(`/widget/${closed.id}`)
    expect(res.status).toBe(200)
    const policy = directives(res.headers.get('content-security-policy'))
    expect(policy.get('frame-ancestors')).toEqual(["'none'"])
    expect(policy.get('script-src')).toEqual(["'self'"])
  })

  it('serves the loader to partner pages, the hashed files for a year, the demo, and nothing outside the build', async () => {
    const loader = await get('/embed.js')
    expect(loader.status).toBe(200)
    expect(loader.headers.get('content-type')).toContain('javascript')
    expect(loader.headers.get('cross-origin-resource-policy')).toBe('cross-origin')
    const asset = await get('/widget-assets/assets/frame-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toContain('immutable')
    expect((await get('/embed-demo/index.html')).status).toBe(200)
    for (const bare of ['/embed-demo', '/embed-demo/?connection=3']) {
      const page = await get(bare)
      expect(page.status).toBe(200)
      expect(page.url).toMatch(/\/embed-demo\/index\.html(\?connection=3)?$/)
    }
    expect((await get('/widget-assets/assets/missing.js')).status).toBe(404)
    // Encoded dots reach the handler as a name, and stay inside the build's folder.
    for (const url of ['/widget-assets/..%2f..%2fembed.js', '/embed-demo/..%2f..%2f..%2f..%2fetc%2fpasswd']) {
      expect((await get(url)).status).toBe(404)
    }
  })
})

describe('the widget files before the widget is built', () => {
  let t: TestServer
  beforeAll(async () => {
    t = await startTestServer('sqlite', { embedDir: path.join(tmpdir(), 'no-such-embed-build') })
  })
  afterAll(() => t?.close())

  it('answers 404 for the loader and the frame', async () => {
    expect((await fetch(`${t.url}/embed.js`)).status).toBe(404)
    expect((await fetch(`${t.url}/embed-demo/index.html`)).status).toBe(404)
  })
})
