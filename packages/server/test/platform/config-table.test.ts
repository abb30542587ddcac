import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { configRows } from '../../../../scripts/config-table'
import { ENVIRONMENT } from '../../src/config'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..')
const read = (file: string) => readFileSync(path.join(root, file), 'utf8')

/** The cells of the first Markdown table under `## Configuration`, header first, separator left out. */
const documentedRows = (markdown: string): string[][] => {
  const section = markdown.split(/^## Configuration$/m)[1] ?? ''
  const lines = section.split('\n')
  const first = lines.findIndex((l) => l.startsWith('|'))
  const table: string[] = []
  for (const l of lines.slice(first)) {
    if (!l.startsWith('|')) break
    table.push(l)
  }
  return table
    .filter((l) => !/^\|[\s|-]+\|$/.test(l))
    .map((l) =>
      l
        .slice(1, -1)
        .split(' | ')
        .map((c) => c.trim()),
    )
}

describe('the configuration table in docs/operating.md', () => {
  it('is what scripts/config-table.ts prints from the server config (run it and paste the table when this fails)', () => {
    expect(documentedRows(read('docs/operating.md'))).toEqual(configRows())
  })

  it('names every environment variable the server reads', () => {
    const source = read('packages/server/src/config.ts')
    const names = new Set([
      ...[...source.matchAll(/\benv\.([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]),
      ...[...source.matchAll(/\bcount\('([A-Z][A-Z0-9_]+)'/g)].map((m) => m[1]),
    ])
    expect(names.size).toBeGreaterThan(20)
    const documented = new Set(ENVIRONMENT.map((v) => v.name))
    expect([...names].filter((name) => !documented.has(name))).toEqual([])
    expect([...documented].filter((name) => !names.has(name))).toEqual([])
  })
})
