import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { endpoints } from '@desk/api-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../support/server'

/** Every route is written once, in the contract's table: the server registers exactly that. */
describe('the route table on the server', () => {
  let t: TestServer
  const registered: string[] = []

  beforeAll(async () => {
    t = await startTestServer('sqlite', {}, (server) =>
      server.app.addHook('onRoute', (route) => {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD' && route.url.startsWith('/api/')) registered.push(`${method} ${route.url}`)
        }
      }),
    )
  })
  afterAll(() => t?.close())

  it('registers every route of the table, and no other', () => {
    const table = Object.values(endpoints).map(({ method, path }) => `${method} /api${path}`)
    expect([...registered].sort()).toEqual([...table].sort())
  })

  it('writes no path or method of its own in a route module', () => {
    const src = join(import.meta.dirname, '../../src')
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((name) => /\.ts$/.test(name))
    expect(files.length).toBeGreaterThan(40)
    const offenders = files.flatMap((name) => {
      // Comments may name routes; code may not.
      const text = readFileSync(join(src, name), 'utf8').replace(/^\s*(\/\/|\/\*|\*).*$/gm, '')
      // `app.get('/…'`, `api.post(SOME_PATH`, `.route({ url: …` — anything but `addRoute(app, routes.x, …)`.
      const found = [
        ...text.matchAll(/\b(app|api|scope|fastify|instance|server)\.(get|post|put|delete|patch|head|options|all)\(/g),
        ...text.matchAll(/\.route\(\s*\{[^}]*\burl:\s*['"`]/g),
      ]
      return found.map((match) => `${name}: ${match[0]}`)
    })
    expect(offenders).toEqual([])
  })
})
