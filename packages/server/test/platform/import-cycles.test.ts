import { readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { runtimeImports, serverImportCycles } from '../../../../scripts/import-cycles'

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src')
const configFile = path.join(src, 'config.ts')

/**
 * The circular-import groups of packages/server/src with type-only imports counted
 * (`node_modules/.bin/tsx scripts/import-cycles.ts --with-types`): 2 groups holding 45 modules (one of 41,
 * one of 4) while config.ts took its option types from the modules; since, 6 groups of 19 modules, each
 * inside one module's folder but the http/widget one. Neither figure may grow.
 */
const CYCLE_GROUPS = 6
const MODULES_IN_CYCLES = 19

describe('the server’s module graph', () => {
  it('config.ts is a leaf: it imports no server module, not even a type', () => {
    const imported = runtimeImports(configFile, readFileSync(configFile, 'utf8'), true)
    expect(imported.map((f) => path.relative(src, f))).toEqual([])
  })

  it('has no circular import at run time', () => {
    expect(serverImportCycles()).toEqual([])
  })

  it(`has at most ${CYCLE_GROUPS} circular-import groups of ${MODULES_IN_CYCLES} modules counting type-only imports (run scripts/import-cycles.ts --with-types to see them)`, () => {
    const groups = serverImportCycles({ withTypes: true })
    expect(groups.length).toBeLessThanOrEqual(CYCLE_GROUPS)
    expect(groups.flat().length).toBeLessThanOrEqual(MODULES_IN_CYCLES)
    // No group may reach config.ts again.
    expect(groups.flat()).not.toContain('config.ts')
  })
})
