import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { endpoints, IdParams, pathOf, routes } from '../src/contract'
import { del, get } from '../src/contract/paths/verbs'
import { defineRoutes, noContent } from '../src/contract/route'

const src = join(import.meta.dirname, '../src')
const sources = (dir: string) =>
  readdirSync(join(src, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => ({ name: `${dir}/${name}`, text: readFileSync(join(src, dir, name), 'utf8') }))

describe('the route table', () => {
  it('gives every endpoint one route with its own method and path, and no two the same', () => {
    expect(Object.keys(routes).sort()).toEqual(Object.keys(endpoints).sort())
    for (const [name, route] of Object.entries(routes)) {
      const endpoint = endpoints[name as keyof typeof endpoints]
      expect({ name: route.name, method: route.method, path: route.path }).toEqual({ name, ...endpoint })
    }
    const keys = Object.values(endpoints).map(({ method, path }) => `${method} ${path}`)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('declares a schema for each path parameter, and a JSON answer or what it sends instead', () => {
    for (const [name, route] of Object.entries(routes)) {
      const placeholders = [...route.path.matchAll(/:(\w+)/g)].map((m) => m[1])
      const declared = 'params' in route && route.params ? Object.keys((route.params as { shape: object }).shape) : []
      // Media addresses are read leniently by the server (a bad one is a 404): they declare none.
      if (route.method === 'GET' && name.startsWith('media')) expect(declared).toEqual([])
      else expect(declared.sort(), name).toEqual(placeholders.sort())
      expect('response' in route || 'answers' in route || 'rawBody' in route, name).toBe(true)
    }
  })

  it('fills path parameters, encoded', () => {
    expect(pathOf('queueUpdate', { id: 7 })).toBe('/queue/7')
    expect(pathOf('settingUpdate', { key: 'a/b c' })).toBe('/settings/a%2Fb%20c')
    expect(pathOf('queueList')).toBe('/queue')
    expect(() => (pathOf as (n: string, p?: object) => string)('queueGet', {})).toThrow(/id/)
  })

  it('is the only place the client and the mocks write a path or a method', () => {
    const offenders = [...sources('client'), ...sources('mocks')].flatMap(({ name, text }) =>
      [
        // `request('/queue'`, `send(http(null), '/auth/…'`, `method: 'POST'`
        ...text.matchAll(/\b(request|send)(<[^>]*>)?\(([^'"`;]*?,\s*)?['"`]\/[\w/:${}.-]*['"`]/g),
        ...text.matchAll(/\bmethod:\s*['"](GET|POST|PUT|DELETE|PATCH)['"]/g),
        // msw: `http.get('*/api/…'`, `http.post(url('/…')`
        ...text.matchAll(/\bhttp\.(get|post|put|delete|patch|all)\(\s*(['"`]|url\()/g),
      ].map((match) => `${name}: ${match[0]}`),
    )
    expect(offenders).toEqual([])
  })
})

describe('a domain table', () => {
  const paths = { thingGet: get('/things/:id'), thingDelete: del('/things/:id') } as const

  it("gives each path its schemas, named and in the paths' order", () => {
    const table = defineRoutes(paths, () => ({
      thingGet: { params: IdParams, response: IdParams },
      thingDelete: { params: IdParams, ...noContent },
    }))
    expect(Object.values(table).map(({ name, method, path }) => `${name} ${method} ${path}`)).toEqual([
      'thingGet GET /things/:id',
      'thingDelete DELETE /things/:id',
    ])
    expect(table.thingDelete.answers).toBe('no-content')
  })

  /** Typecheck fails on a line below that stops being an error. */
  it('refuses a path without schemas, and schemas without a path', () => {
    // @ts-expect-error `thingDelete` has no schemas
    defineRoutes(paths, () => ({ thingGet: { response: IdParams } }))
    defineRoutes(paths, () => ({
      thingGet: { response: IdParams },
      thingDelete: noContent,
      // @ts-expect-error no path is called `thingList`
      thingList: { response: IdParams },
    }))
  })
})
