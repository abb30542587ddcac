import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const src = join(import.meta.dirname, '../src')
const sources = (dir: string) =>
  readdirSync(join(src, dir), { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => ({ name: `${dir}/${name}`, text: readFileSync(join(src, dir, name), 'utf8') }))

/**
 * The hooks and the fetcher run on every page, /login included. The zod schemas load on demand
 * (response checks in development), so these files may take types from the contract, and values
 * only from its zod-free `constants`, `endpoints` and `paths/*` (the route table's methods and paths):
 * one value import of a schema file puts zod on every page.
 */
describe('what every page loads', () => {
  it.each(['hooks', 'client'])(
    '%s takes only types from the contract, values from constants, endpoints and paths',
    (dir) => {
      const offenders = sources(dir).flatMap(({ name, text }) =>
        // An import's names hold no quote, so the match cannot run into the statement before it.
        [
          ...text.matchAll(
            /^import\s+(?!type\s)([^'"]*?)\s+from\s+'(\.\.\/)+contract(\/(?!(constants|endpoints|paths\/[\w-]+)')[\w/-]+)?'/gm,
          ),
        ]
          .filter(([, names]) => !/^\{(\s*type\s+\w+\s*,?)+\s*\}$/s.test(names))
          .map(([statement]) => `${name}: ${statement.replace(/\s+/g, ' ')}`),
      )
      expect(offenders).toEqual([])
    },
  )
})

describe('the zod-free parts of the contract', () => {
  /** The modules each file may take values from; anything else (a schema file, zod) is an offender. */
  const valueImports = (file: string) =>
    [...readFileSync(join(src, 'contract', file), 'utf8').matchAll(/^import\s+(?!type\s)[^;]*?from\s+'([^']+)'/gm)].map(
      ([, from]) => from,
    )

  it('contract/constants imports no value at all', () => {
    const text = readFileSync(join(src, 'contract', 'constants.ts'), 'utf8')
    expect(text.match(/^import\s+(?!type\s)[^;]*$/gm) ?? []).toEqual([])
  })

  it('contract/endpoints takes values only from the paths files, and they only from their verbs', () => {
    const paths = readdirSync(join(src, 'contract/paths')).filter((name) => name.endsWith('.ts'))
    expect(paths.length).toBeGreaterThan(10)
    expect(valueImports('endpoints.ts').filter((from) => !/^\.\/paths\/[\w-]+$/.test(from))).toEqual([])
    for (const name of paths) {
      const allowed = name === 'verbs.ts' ? [] : ['./verbs']
      expect(
        valueImports(`paths/${name}`).filter((from) => !allowed.includes(from)),
        name,
      ).toEqual([])
    }
  })
})

describe('the pure rules', () => {
  it('import no zod, no React and no schema file: only types from the contract, values from its constants', () => {
    const offenders = sources('rules').flatMap(({ name, text }) =>
      [...text.matchAll(/^import\s+(?!type\s)([^'"]*?)\s+from\s+'([^']+)'/gm)]
        .filter(([, names, from]) => {
          if (/^\{(\s*type\s+\w+\s*,?)+\s*\}$/s.test(names)) return false
          return !(from.startsWith('./') || from === '../contract/constants')
        })
        .map(([statement]) => `${name}: ${statement.replace(/\s+/g, ' ')}`),
    )
    expect(offenders).toEqual([])
  })
})

describe('the mock handlers', () => {
  it('take their rules from the contract, never from the hooks', () => {
    const offenders = sources('mocks').flatMap(({ name, text }) =>
      [...text.matchAll(/^import\s[^;]*?from\s+'((\.\.\/)+hooks[^']*)'/gm)].map(([, from]) => `${name}: ${from}`),
    )
    expect(offenders).toEqual([])
  })
})
