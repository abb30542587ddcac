import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

const src = join(import.meta.dirname, '..')

/**
 * The library knows no address of the app: menus, the palette's pages and the not-found links come in
 * through props from the app's page table. Stories, tests and story fixtures may use example addresses.
 */
describe('ui and the app’s addresses', () => {
  it('writes no app path in a component', () => {
    const files = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter(
      (name) => /\.tsx?$/.test(name) && !/\.(stories|test)\.tsx?$|fixtures\.ts$/.test(name),
    )
    const offenders = files.flatMap((name) => {
      const text = readFileSync(join(src, name), 'utf8')
      return [...text.matchAll(/href(?:=|:\s*)["'`](\/[^"'`]*)["'`]|["'`](\/ZDG\w*)["'`]/g)].map(
        (m) => `${name}: ${m[1] ?? m[2]}`,
      )
    })
    expect(offenders).toEqual([])
  })
})
