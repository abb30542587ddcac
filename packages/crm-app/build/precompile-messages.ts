import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'
import { type MessagePart, unwrittenParts } from '../../ui/src/i18n/compiled-intl/format.ts'
import { isPublicMessage } from '../../ui/src/i18n/en-app.ts'

// The ICU message parser as react-intl itself resolves it, and the same package without its parser.
const fromReactIntl = createRequire(createRequire(import.meta.url).resolve('react-intl'))
const ICU_PARSER = fromReactIntl.resolve('@formatjs/icu-messageformat-parser')
const ICU_NO_PARSER = fromReactIntl.resolve('@formatjs/icu-messageformat-parser/no-parser.js')

/** The ui's locale tables, named by language tag (`en.ts`, `pt-BR.ts`, `es.ts` …). */
const MESSAGES_FILE = /\/packages\/ui\/src\/i18n\/[a-z]{2}(-[A-Z]{2})?\.ts$/
const EN_FILE = /\/packages\/ui\/src\/i18n\/en\.ts$/
/** Where the build puts the English messages of the signed-in app (empty in the source). */
const EN_APP_FILE = /\/packages\/ui\/src\/i18n\/en-app\.ts$/
/** Builds a language table from its messages in the order of the English keys (`ui/src/i18n/positional.ts`). */
const POSITIONAL_FILE = new URL('../../ui/src/i18n/positional.ts', import.meta.url).pathname
/** The widget's own messages (its launcher, panel, composer …), which only the widget's frame shows. */
const FRAME_ONLY_MESSAGE = /^widget\./
/** The small formatter that stands in for react-intl in a build (`ui/src/i18n/compiled-intl`). */
const COMPILED_INTL = new URL('../../ui/src/i18n/compiled-intl/index.tsx', import.meta.url).pathname

/** A message that is only text (one literal, react-intl's type 0) ships as that text. */
const shipped = (ast: unknown) =>
  Array.isArray(ast) && ast.length === 1 && ast[0]?.type === 0 && Object.keys(ast[0]).length === 2 ? ast[0].value : ast
/** A table of compiled messages as the build writes it: plain text as text, which compiled-intl writes as it is. */
const tableCode = (compiled: Compiled) =>
  JSON.stringify(Object.fromEntries(compiled.map(([key, ast]) => [key, shipped(ast)])))

type Compiled = Array<[string, unknown]>

/**
 * Ships the locale messages already parsed (the ICU syntax tree react-intl formats from), so the app
 * needs no message parser at run time: `@formatjs/icu-messageformat-parser` becomes its parser-less
 * build. A message that does not parse fails the build instead of showing up broken in the browser.
 * In a build, English is split in two: the public pages' messages (`isPublicMessage`) stay in `en`,
 * which /login loads; the others go to `en-app.ts`, which the private layout registers. The other
 * languages ship their messages without the keys, in the order of English's (its public part, then
 * its app part): the keys, a third of a table, travel once, with English. The widget's own messages
 * (`widget.*`), which only its frame shows, are left out.
 * A build formats them with `ui/src/i18n/compiled-intl` in place of react-intl (≈6 kB gzip less on /login),
 * so a message that is plain text ships as that text. It writes text, arguments, select and plural, which
 * is every part the desk's messages use; a message with any other part (a date, a number format, a tag)
 * fails the build.
 */
export function precompileMessages(): Plugin {
  let parse: ((message: string) => unknown) | undefined
  let isBuild = false
  /** English's keys in the order its two parts ship them, once `en.ts` has been through the build. */
  let englishOrder: { publicKeys: string[]; appKeys: string[] } | undefined
  /** The English messages of the signed-in app, compiled. */
  let enApp: Compiled = []
  const englishFile = (id: string) => id.replace(/[^/]+\.ts$/, 'en.ts')

  const compile = async (id: string, code: string) => {
    parse ??= ((await import(pathToFileURL(ICU_PARSER).href)) as { parse: (message: string) => unknown }).parse
    // After the TypeScript transform a table is a module without imports: evaluate it as it is.
    const tables = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as Record<
      string,
      unknown
    >
    return Object.entries(tables).map(([name, table]): [string, Compiled] => {
      if (!table || typeof table !== 'object') throw new Error(`${id}: export ${name} is not a message table`)
      const compiled = Object.entries(table).map(([key, message]): [string, unknown] => {
        if (typeof message !== 'string') throw new Error(`${id}: ${key} is not a string`)
        let ast: unknown
        try {
          ast = parse?.(message)
        } catch (error) {
          throw new Error(`${id}: ${key} is not a valid ICU message (${(error as Error).message})`)
        }
        const [type] = unwrittenParts(ast as MessagePart[])
        if (type !== undefined)
          throw new Error(`${id}: ${key} has a part of type ${type}, which compiled-intl does not write`)
        return [key, ast]
      })
      return [name, compiled]
    })
  }
  const exportOf = (name: string, value: string) =>
    name === 'default' ? `export default ${value}` : `export const ${name} = ${value}`

  return {
    name: 'desk:precompile-messages',
    enforce: 'post',
    config: (_config, env) => ({
      resolve: {
        alias: [
          { find: /^@formatjs\/icu-messageformat-parser$/, replacement: ICU_NO_PARSER },
          // A build formats its precompiled messages with the small formatter; the dev server keeps react-intl.
          ...(env.command === 'build' ? [{ find: /^react-intl$/, replacement: COMPILED_INTL }] : []),
        ],
      },
    }),
    configResolved(config) {
      isBuild = config.command === 'build'
    },
    async transform(code, id) {
      const file = id.split('?')[0]
      if (isBuild && EN_APP_FILE.test(file)) {
        await this.load({ id: file.replace(EN_APP_FILE, '/packages/ui/src/i18n/en.ts') })
        if (!englishOrder) throw new Error(`${id}: the English table was not split`)
        return { code: `export const enApp = ${tableCode(enApp)}\n`, map: null }
      }
      if (!MESSAGES_FILE.test(file)) return null
      const compiled = await compile(id, code)
      if (!isBuild) {
        const tables = compiled
        const out = tables.map(([name, compiled]) => exportOf(name, JSON.stringify(Object.fromEntries(compiled))))
        return { code: `${out.join('\n')}\n`, map: null }
      }
      // The widget's own messages show in its frame, which has its own tables: the app leaves them out.
      const tables = compiled.map(([name, table]): [string, Compiled] => [
        name,
        table.filter(([key]) => !FRAME_ONLY_MESSAGE.test(key)),
      ])
      if (EN_FILE.test(file)) {
        const en = tables.find(([name]) => name === 'en')?.[1]
        if (!en) throw new Error(`${id}: no export named en`)
        // /login gets the public pages' messages; the rest goes with the private layout (en-app.ts).
        const onLogin = en.filter(([key]) => isPublicMessage(key))
        enApp = en.filter(([key]) => !isPublicMessage(key))
        // The other tables rely on the order of English's keys, which an integer-like key would change.
        const numeric = en.find(([key]) => /^\d+$/.test(key))
        if (numeric) throw new Error(`${id}: ${numeric[0]} looks like an array index; message keys need a dot`)
        englishOrder = { publicKeys: onLogin.map(([key]) => key), appKeys: enApp.map(([key]) => key) }
        const out = tables.map(([name, compiled]) => exportOf(name, tableCode(name === 'en' ? onLogin : compiled)))
        return { code: `${out.join('\n')}\n`, map: null }
      }
      await this.load({ id: englishFile(file) })
      const order = englishOrder
      if (!order) throw new Error(`${id}: the English table was not split`)
      const english = new Set([...order.publicKeys, ...order.appKeys])
      const out = tables.map(([name, compiled]) => {
        const messages = new Map(compiled)
        const unknown = [...messages.keys()].filter((key) => !english.has(key))
        if (unknown.length) throw new Error(`${id}: ${unknown.join(', ')} not in the English table`)
        const values = (keys: string[]) =>
          JSON.stringify(keys.map((key) => (messages.has(key) ? shipped(messages.get(key)) : null)))
        return exportOf(name, `tableOf(${values(order.publicKeys)}, ${values(order.appKeys)})`)
      })
      const imports = `import { tableOf } from ${JSON.stringify(POSITIONAL_FILE)}`
      return { code: `${imports}\n${out.join('\n')}\n`, map: null }
    },
  }
}
