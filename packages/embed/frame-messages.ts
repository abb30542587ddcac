import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'
import { type MessagePart, unwrittenParts } from '../ui/src/i18n/compiled-intl/format'
import { messages } from '../ui/src/i18n/tables'
import { WIDGET_MESSAGE as FRAME_MESSAGE } from '../ui/src/i18n/widget-messages'
import { LATER_MESSAGE } from './src/frame/laterKeys'

// The ICU message parser as react-intl itself resolves it.
const fromReactIntl = createRequire(createRequire(import.meta.url).resolve('react-intl'))
const ICU_PARSER = fromReactIntl.resolve('@formatjs/icu-messageformat-parser')

/** The ui's locale tables and the name each exports. */
const TABLES: Array<[RegExp, keyof typeof messages, string]> = [
  [/\/packages\/ui\/src\/i18n\/en\.ts$/, 'en', 'en'],
  [/\/packages\/ui\/src\/i18n\/pt-BR\.ts$/, 'pt-BR', 'ptBR'],
  [/\/packages\/ui\/src\/i18n\/es\.ts$/, 'es', 'es'],
]

let parse: ((message: string) => MessagePart[]) | undefined

/**
 * A language's frame messages (`FRAME_MESSAGE`: the widget's, the shared buttons', errors and field
 * messages), parsed into the ICU syntax tree the frame formats from, with the English one for any message
 * the language lacks (none does: `test/messages.test.ts`), so a language's table stands on its own and the
 * frame never downloads English beneath it. A message that does not parse, or that uses a part the frame's
 * `formatMessage` does not write (`ui/src/i18n/compiled-intl`), throws.
 */
export async function compileFrameMessages(
  locale: keyof typeof messages,
  which: (key: string) => boolean = (key) => FRAME_MESSAGE.test(key),
): Promise<Record<string, MessagePart[]>> {
  parse ??= ((await import(pathToFileURL(ICU_PARSER).href)) as { parse: (m: string) => MessagePart[] }).parse
  const compiled = Object.entries({ ...messages.en, ...messages[locale] })
    .filter(([key]) => which(key))
    .map(([key, message]): [string, MessagePart[]] => {
      let parts: MessagePart[]
      try {
        parts = parse?.(String(message)) ?? []
      } catch (error) {
        throw new Error(`${locale}: ${key} is not a valid ICU message (${(error as Error).message})`)
      }
      const unknown = unwrittenParts(parts)
      if (unknown.length > 0) throw new Error(`${locale}: ${key} has parts the frame cannot write (${unknown})`)
      return [key, parts]
    })
  return Object.fromEntries(compiled)
}

/** The frame's own tables: each language's messages of the first draw, and those it loads after it. */
const FRAME_TABLES = /\/packages\/embed\/src\/frame\/(first|later)-messages\/(en|pt-BR|es)\.ts$/

/**
 * In the frame's build, each language's tables in `src/frame/first-messages/` (what the first draw shows)
 * and `src/frame/later-messages/` (the error and field messages, `LATER_MESSAGE`, loaded after the first
 * draw) hold the frame's messages already parsed (`compileFrameMessages`), so the frame ships no message
 * parser and formats them itself (`ui/src/i18n/compiled-intl`). The ui's own locale tables, should anything of the
 * frame still reach them, hold the first draw's messages only.
 */
export function frameMessages(): Plugin {
  return {
    name: 'desk:frame-messages',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]
      const first = (key: string) => FRAME_MESSAGE.test(key) && !LATER_MESSAGE.test(key)
      const own = FRAME_TABLES.exec(file)
      if (own) {
        const [, part, locale] = own as unknown as [string, 'first' | 'later', keyof typeof messages]
        const which = part === 'first' ? first : (key: string) => FRAME_MESSAGE.test(key) && LATER_MESSAGE.test(key)
        return `export const ${part} = ${JSON.stringify(await compileFrameMessages(locale, which))}\n`
      }
      const table = TABLES.find(([pattern]) => pattern.test(file))
      if (!table) return null
      const [, locale, name] = table
      return `export const ${name} = ${JSON.stringify(await compileFrameMessages(locale, first))}\n`
    },
  }
}
