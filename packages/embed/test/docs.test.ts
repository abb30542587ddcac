// @vitest-environment node
/**
 * The props table a partner's developer reads in Storybook's docs: what Storybook's react-docgen finds in
 * each component `@desk/embed/react` exports, with the TSDoc of every prop (the shared ones included).
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import * as exported from '../src/react'

interface DocgenProp {
  description?: string
}
interface Documentation {
  displayName?: string
  props?: Record<string, DocgenProp>
}
interface ReactDocgen {
  parse(code: string, options: { filename: string; importer: unknown; resolver: unknown }): Documentation[]
  makeFsImporter(): unknown
  builtinResolvers: { FindExportedDefinitionsResolver: new () => unknown }
}

// The react-docgen that Storybook's React framework runs on every component, resolved from that framework.
const fromRoot = createRequire(join(import.meta.dirname, '../../../package.json'))
const fromStorybook = createRequire(fromRoot.resolve('@storybook/react-vite'))
const docgen = (await import(fromStorybook.resolve('react-docgen'))) as ReactDocgen

const documented = (file: string) =>
  docgen.parse(readFileSync(file, 'utf8'), {
    filename: file,
    importer: docgen.makeFsImporter(),
    resolver: new docgen.builtinResolvers.FindExportedDefinitionsResolver(),
  })

/** The components the package exports (functions named with a capital), each in its own file. */
const components = Object.entries(exported)
  .filter(([name, value]) => typeof value === 'function' && /^[A-Z]/.test(name))
  .map(([name]) => name)

describe('the docs of @desk/embed/react', () => {
  test('cover both components', () => {
    expect(components.sort()).toEqual(['ConversationPanel', 'ConversationWidget'])
  })

  test.each(components)('%s: every prop, the shared ones too, has its description', (name) => {
    const found = documented(join(import.meta.dirname, `../src/react/${name}.tsx`)).find(
      (doc) => doc.displayName === name,
    )
    expect(found, `react-docgen does not find ${name}`).toBeDefined()
    const props = found?.props ?? {}
    // The props every component shares (WidgetComponentProps, in another file) are in the table.
    expect(Object.keys(props)).toEqual(expect.arrayContaining(['deskUrl', 'connectionId', 'theme', 'onError']))
    const undocumented = Object.entries(props)
      .filter(([, prop]) => !prop.description?.trim())
      .map(([prop]) => prop)
    expect(undocumented).toEqual([])
  })
})
