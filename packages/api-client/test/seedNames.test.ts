import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const packages = join(import.meta.dirname, '../..')

/** The code of a file without its comments and string literals (where the seed's paths and file names live). */
const codeOf = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(['"`])(?:\\.|(?!\1)[^\\\n])*\1/g, '""')
    .replace(/\/\/.*$/gm, '')

/** Body fields the seed's clients send under these names (`POST /zdgSendEmail*`): the contract keeps them. */
const SEED_FIELDS = new Set(['zdgTo', 'zdgSubject', 'zdgText', 'zdgFileName', 'zdgContent'])

/**
 * The seed's names (`ZDG`, `zdg…`) stay at the compatibility edge: its routes, paths and file names (strings),
 * and the body fields its clients send. No identifier inside is named after them: names say what things are.
 */
describe('seed names at the edge', () => {
  it('name no variable, function, type or route after the seed', () => {
    const offenders = ['api-client', 'server', 'ui', 'crm-app', 'embed'].flatMap((pkg) => {
      const src = join(packages, pkg, 'src')
      return readdirSync(src, { recursive: true, encoding: 'utf8' })
        .filter((name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name))
        .flatMap((name) =>
          [...codeOf(readFileSync(join(src, name), 'utf8')).matchAll(/\b\w*zdg\w*\b/gi)]
            .map(([word]) => word)
            .filter((word) => !SEED_FIELDS.has(word))
            .map((word) => `${pkg}/src/${name}: ${word}`),
        )
    })
    expect(offenders).toEqual([])
  })
})
