/**
 * The app build's small plugins (what each saves, measured: `README.md` in this folder). Each applies to
 * `vite build` only, except where it says so; the dev server serves the libraries as they are.
 */
import { createRequire } from 'node:module'
import type { Plugin } from 'vite'

/** An emojibase dataset (`emojibase-data/<lang>/data.json`), which the emoji picker loads when first opened. */
const EMOJI_DATASET = /\/emojibase-data\/[a-z-]+\/data\.json$/

/**
 * Ships the emoji datasets with only the fields the picker reads (`packages/ui/…/emojiData.ts`):
 * character, name, search tags, category, Unicode version and skin tones. Halves the files a
 * desk downloads when it first opens the picker.
 */
export function trimEmojiData(): Plugin {
  type Entry = { emoji: string; label: string; group?: number; subgroup?: number; version: number; tags?: string[] }
  type Skin = { emoji: string; tone?: number | number[] }
  return {
    name: 'desk:trim-emoji-data',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]
      if (!EMOJI_DATASET.test(file)) return null
      const { readFile } = await import('node:fs/promises')
      const data = JSON.parse(await readFile(file, 'utf8')) as Array<Entry & { skins?: Skin[] }>
      const trimmed = data
        .filter((e) => e.group !== undefined)
        .map(({ emoji, label, group, subgroup, version, tags, skins }) => ({
          emoji,
          label,
          group,
          subgroup,
          version,
          tags,
          skins: skins?.filter((k) => typeof k.tone === 'number').map((k) => ({ emoji: k.emoji, tone: k.tone })),
        }))
      return JSON.stringify(trimmed)
    },
  }
}

/** The icon sets of react-icons the workspace imports from (`react-icons/lu` …), one module each. */
const ICON_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]react-icons\/(\w+)['"];?/g
const ICON_PREFIX = '\0desk-icon:'
const fromUi = createRequire(new URL('../../ui/package.json', import.meta.url))
/** A react-icons entry's ES module file (resolving with `require` names its CommonJS twin). */
const esmOf = (specifier: string) => fromUi.resolve(specifier).replace(/index\.js$/, 'index.mjs')

/**
 * Gives every react-icons icon a module of its own. A set (`react-icons/lu`) is one module of a few
 * thousand functions; the bundler keeps only the icons used, but keeps them together, so /login would
 * download every icon of every screen. Each icon now goes with the chunk of the screen that draws it.
 */
export function iconPerModule(): Plugin {
  const sets = new Map<string, Promise<string>>()
  const setSource = (set: string) => {
    let source = sets.get(set)
    if (!source) {
      source = import('node:fs/promises').then(({ readFile }) => readFile(esmOf(`react-icons/${set}`), 'utf8'))
      sets.set(set, source)
    }
    return source
  }
  return {
    name: 'desk:icon-per-module',
    // Only the build splits chunks; the dev server serves the sets as they are.
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/packages\/(ui|crm-app)\/src\/.*\.tsx?$/.test(id.split('?')[0]) || !code.includes('react-icons/'))
        return null
      const out = code.replace(ICON_IMPORT, (_all, names: string, set: string) =>
        names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean)
          .map((name) => {
            const [icon, local = icon] = name.split(/\s+as\s+/)
            return `import { ${icon} as ${local} } from '${ICON_PREFIX}${set}/${icon}'`
          })
          .join('\n'),
      )
      return out === code ? null : { code: out, map: null }
    },
    resolveId: (id) => (id.startsWith(ICON_PREFIX) ? id : null),
    async load(id) {
      if (!id.startsWith(ICON_PREFIX)) return null
      const [set, icon] = id.slice(ICON_PREFIX.length).split('/')
      const body = new RegExp(`export function ${icon} \\(props\\) \\{\\n[^\\n]*\\n\\};`).exec(await setSource(set))
      if (!body) throw new Error(`react-icons/${set} has no icon ${icon}`)
      return `import { GenIcon } from ${JSON.stringify(esmOf('react-icons/lib'))}\n${body[0]}\n`
    },
  }
}

/** zod's JSON Schema generation: every schema carries a way to it, the app never asks for it. */
const ZOD_JSON_SCHEMA = /\/zod\/v4\/core\/(to-json-schema|json-schema-processors)\.js$/

/**
 * Builds zod without its JSON Schema generation (≈4 kB gzip of the forms' and contract's chunks):
 * the modules keep their exports, each of which now fails when used. The schemas' `toJSONSchema()`
 * and Standard Schema's `jsonSchema` then throw instead of answering; parsing is untouched.
 */
export function zodWithoutJsonSchema(): Plugin {
  return {
    name: 'desk:zod-without-json-schema',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]
      if (!ZOD_JSON_SCHEMA.test(file)) return null
      const { readFile } = await import('node:fs/promises')
      const source = await readFile(file, 'utf8')
      const names = [...source.matchAll(/^export (?:async )?(?:function\*?|const|let|var|class) ([\w$]+)/gm)].map(
        (m) => m[1],
      )
      for (const [, list] of source.matchAll(/^export \{([^}]*)\}/gm))
        names.push(
          ...list
            .split(',')
            .map(
              (part) =>
                part
                  .trim()
                  .split(/\s+as\s+/)
                  .pop() ?? '',
            )
            .filter(Boolean),
        )
      // Every export is one function that fails; the `create…` exports make methods: they hand out that one.
      const [makers, others] = [
        names.filter((n) => n.startsWith('create')),
        names.filter((n) => !n.startsWith('create')),
      ]
      return [
        'const missing = () => { throw new Error("JSON Schema generation is not part of this build") }',
        'const maker = () => missing',
        `export { ${[...others.map((n) => `missing as ${n}`), ...makers.map((n) => `maker as ${n}`)].join(', ')} }`,
      ].join('\n')
    },
  }
}
