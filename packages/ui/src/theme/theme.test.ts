import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { defaultSystem } from '@chakra-ui/react'
import { describe, expect, it } from 'vitest'
import { widgetSources } from '../../test/widgetSources'
import {
  offlineFormRecipes,
  publicRecipes,
  publicSlotRecipes,
  registerAppRecipes,
  system,
  widgetRecipes,
  widgetSlotRecipes,
  widgetSystem,
} from './index'

const SOURCES = ['..', '../../../crm-app/src'].map((dir) => resolve(import.meta.dirname, dir))

/** Recipes a component draws with besides its own (its name in camelCase). */
const ALSO_USES: Record<string, string[]> = {
  Button: ['spinner'],
  IconButton: ['button', 'spinner'],
  CloseButton: ['button'],
  Checkbox: ['checkmark'],
  InputGroup: ['inputAddon'],
  Toaster: ['toast'],
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** Every name imported from '@chakra-ui/react' in the ui package and the app (stories included), or in `files`. */
function chakraImports(files = SOURCES.flatMap(sourceFiles)): Set<string> {
  const names = new Set<string>()
  for (const file of files) {
    for (const [, list] of readFileSync(file, 'utf8').matchAll(
      /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@chakra-ui\/react'/g,
    )) {
      for (const part of list.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]
        if (name) names.add(name)
      }
    }
  }
  return names
}

const camel = (name: string) => name[0].toLowerCase() + name.slice(1)
const hasRecipe = (sys: typeof system, key: string) => sys.isRecipe(key) || sys.isSlotRecipe(key)

/** The components of the public pages (sign-in, sign-up), whose recipes the system holds from the start. */
const PUBLIC_PAGES = [
  '../components/login-form',
  '../components/signup-form',
  '../components/error-message',
  '../internal/AuthCard.tsx',
  '../internal/FormField.tsx',
]

describe('system', () => {
  it("holds in the widget's system, with the offline form's, every recipe of a Chakra component the widget draws", () => {
    const names = chakraImports(widgetSources())
    expect(names.has('Skeleton')).toBe(true)
    const wanted = [...names].flatMap((name) => [camel(name), ...(ALSO_USES[name] ?? [])])
    const held = new Set(
      [widgetRecipes, widgetSlotRecipes, offlineFormRecipes.recipes, offlineFormRecipes.slotRecipes].flatMap((set) =>
        Object.keys(set),
      ),
    )
    expect(wanted.filter((key) => hasRecipe(defaultSystem, key) && !held.has(key))).toEqual([])
  })

  it('holds from the start the recipes of every Chakra component the public pages draw', () => {
    const files = PUBLIC_PAGES.map((path) => resolve(import.meta.dirname, path)).flatMap((path) =>
      path.endsWith('.tsx') ? [path] : sourceFiles(path),
    )
    const names = chakraImports(files.filter((file) => !file.includes('.stories.')))
    expect(names.has('Button')).toBe(true)
    const wanted = [...names].flatMap((name) => [camel(name), ...(ALSO_USES[name] ?? [])])
    const held = new Set([...Object.keys(publicRecipes), ...Object.keys(publicSlotRecipes)])
    expect(wanted.filter((key) => hasRecipe(defaultSystem, key) && !held.has(key))).toEqual([])
  })

  it('has, once the app and the toasts registered theirs, the recipe of every Chakra component the product uses', async () => {
    registerAppRecipes()
    await import('../components/toaster/Toaster')
    const names = chakraImports()
    expect(names.has('Button')).toBe(true)
    const wanted = [...names].flatMap((name) => [camel(name), ...(ALSO_USES[name] ?? [])])
    const missing = wanted.filter((key) => hasRecipe(defaultSystem, key) && !hasRecipe(system, key))
    expect(missing).toEqual([])
  })

  it("starts the widget's system with the widget's recipes only, on the same tokens", () => {
    expect(widgetSystem.isRecipe('button')).toBe(true)
    expect(widgetSystem.isSlotRecipe('card')).toBe(false)
    expect(widgetSystem.isSlotRecipe('field')).toBe(false)
    expect(widgetSystem.token('colors.brand.500')).toBe('#84cc16')
  })

  it("has the keyframes of every animation the widget's recipes name", () => {
    const recipes = JSON.stringify([widgetRecipes, widgetSlotRecipes, offlineFormRecipes])
    const named = [...recipes.matchAll(/"animation(?:Name)?":"([a-z-]+)/g)].map(([, name]) => name)
    expect(named).toContain('spin')
    const keyframes = widgetSystem._config.theme?.keyframes ?? {}
    expect(named.filter((name) => name !== 'none' && !(name in keyframes))).toEqual([])
  })

  it('keeps the brand palette, the 600 px breakpoint and the product recipes', () => {
    expect(system.token('colors.brand.500')).toBe('#84cc16')
    expect(system.token('breakpoints.sm')).toBe('600px')
    expect(system.isRecipe('navItem')).toBe(true)
  })

  it("keeps the phone margin of Chakra's dialog", () => {
    registerAppRecipes()
    const positioner = system.getSlotRecipe('dialog').base?.positioner
    expect(positioner).toMatchObject({ position: 'fixed', paddingInline: { base: '4', sm: '0' } })
  })
})
