import { createRequire } from 'node:module'
import { pathToFileURL } from 'node:url'
import type { Plugin } from 'vite'
import { messages } from '../ui/src/i18n/tables'
import { WIDGET_MESSAGE as FRAME_MESSAGE } from '../ui/src/i18n/widget-messages'
import { FORMATTED_TYPES, type MessagePart } from './src/frame/intl/format'
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

/** The kinds of part in `parts` that the frame's `formatMessage` does not write. */
const unknownParts = (parts: MessagePart[]): number[] =>
  parts.flatMap((part) => [
    ...(FORMATTED_TYPES.includes(part.type) ? [] : [part.type]),
    ...('options' in part ? Object.values(part.options).flatMap((option) => unknownParts(option.value)) : []),
  ])

/**
 * A language's frame messages (`FRAME_MESSAGE`: the widget's, the shared buttons', errors and field
 * messages), parsed into the ICU syntax tree the frame formats from. A message that does not parse, or that
 * uses a part the frame's `formatMessage` does not write (`src/frame/intl`), throws.
 */
export async function compileFrameMessages(
  locale: keyof typeof messages,
  which: (key: string) => boolean = (key) => FRAME_MESSAGE.test(key),
): Promise<Record<string, MessagePart[]>> {
  parse ??= ((await import(pathToFileURL(ICU_PARSER).href)) as { parse: (m: string) => MessagePart[] }).parse
  const compiled = Object.entries(messages[locale])
    .filter(([key]) => which(key))
    .map(([key, message]): [string, MessagePart[]] => {
      let parts: MessagePart[]
      try {
        parts = parse?.(String(message)) ?? []
      } catch (error) {
        throw new Error(`${locale}: ${key} is not a valid ICU message (${(error as Error).message})`)
      }
      const unknown = unknownParts(parts)
      if (unknown.length > 0) throw new Error(`${locale}: ${key} has parts the frame cannot write (${unknown})`)
      return [key, parts]
    })
  return Object.fromEntries(compiled)
}

const LATER_TABLES = /\/packages\/embed\/src\/frame\/later-messages\/(en|pt-BR|es)\.ts$/

/**
 * In the frame's build, each of the ui's locale tables holds only the frame's messages, already parsed
 * (`compileFrameMessages`), so the frame ships no message parser and formats them itself (`src/frame/intl`).
 * The error and field messages (`LATER_MESSAGE`) are left out of them: each language's are in
 * `src/frame/later-messages/`, loaded after the first draw.
 */
export function frameMessages(): Plugin {
  return {
    name: 'desk:frame-messages',
    apply: 'build',
    enforce: 'pre',
    async load(id) {
      const file = id.split('?')[0]
      const later = LATER_TABLES.exec(file)?.[1] as keyof typeof messages | undefined
      if (later) {
        const table = await compileFrameMessages(later, (key) => FRAME_MESSAGE.test(key) && LATER_MESSAGE.test(key))
        return `export const later = ${JSON.stringify(table)}\n`
      }
      const table = TABLES.find(([pattern]) => pattern.test(file))
      if (!table) return null
      const [, locale, name] = table
      const first = (key: string) => FRAME_MESSAGE.test(key) && !LATER_MESSAGE.test(key)
      return `export const ${name} = ${JSON.stringify(await compileFrameMessages(locale, first))}\n`
    },
  }
}
