import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'
import { messages } from '../ui/src/i18n/tables'
import { FRAME_MESSAGE } from './src/frame/messageKeys'

// The ICU message parser as react-intl itself resolves it, and the same package without its parser.
const fromReactIntl = createRequire(createRequire(import.meta.url).resolve('react-intl'))
const ICU_PARSER = fromReactIntl.resolve('@formatjs/icu-messageformat-parser')
const ICU_NO_PARSER = fromReactIntl.resolve('@formatjs/icu-messageformat-parser/no-parser.js')

/** The ui's locale tables and the name each exports. */
const TABLES: Array<[RegExp, keyof typeof messages, string]> = [
  [/\/packages\/ui\/src\/i18n\/en\.ts$/, 'en', 'en'],
  [/\/packages\/ui\/src\/i18n\/pt-BR\.ts$/, 'pt-BR', 'ptBR'],
  [/\/packages\/ui\/src\/i18n\/es\.ts$/, 'es', 'es'],
]

/**
 * In the frame's build, each of the ui's locale tables holds only the frame's messages (`FRAME_MESSAGE`:
 * the widget's, the shared buttons', errors and field messages), already parsed into the ICU syntax tree
 * react-intl formats from, so the frame ships no message parser. A message that does not parse fails the build.
 */
export function frameMessages(): Plugin {
  let parse: ((message: string) => unknown) | undefined
  return {
    name: 'desk:frame-messages',
    apply: 'build',
    enforce: 'pre',
    config: () => ({
      resolve: { alias: [{ find: /^@formatjs\/icu-messageformat-parser$/, replacement: ICU_NO_PARSER }] },
    }),
    async load(id) {
      const file = id.split('?')[0]
      const table = TABLES.find(([pattern]) => pattern.test(file))
      if (!table) return null
      parse ??= ((await import(pathToFileURL(ICU_PARSER).href)) as { parse: (m: string) => unknown }).parse
      const [, locale, name] = table
      const compiled = Object.entries(messages[locale])
        .filter(([key]) => FRAME_MESSAGE.test(key))
        .map(([key, message]) => {
          try {
            return [key, parse?.(String(message))]
          } catch (error) {
            throw new Error(`${locale}: ${key} is not a valid ICU message (${(error as Error).message})`)
          }
        })
      return `export const ${name} = ${JSON.stringify(Object.fromEntries(compiled))}\n`
    },
  }
}
