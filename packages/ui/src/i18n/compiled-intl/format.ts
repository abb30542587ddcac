/**
 * The parts of a compiled message (the syntax tree of `@formatjs/icu-messageformat-parser`, as the app's and
 * the frame's builds precompile them) that the desk's messages use: text, `{name}`, select, plural and its
 * `#`. Both builds fail on any other part (`FORMATTED_TYPES`).
 */
export type MessagePart =
  | { type: 0; value: string }
  | { type: 1; value: string }
  | { type: 5; value: string; options: Options }
  | { type: 6; value: string; options: Options; offset?: number; pluralType?: 'cardinal' | 'ordinal' }
  | { type: 7 }

type Options = Record<string, { value: MessagePart[] }>

/** The element types `formatParts` knows (see `MessagePart`). */
export const FORMATTED_TYPES: readonly number[] = [0, 1, 5, 6, 7]

/** The kinds of part in a parsed message that `formatParts` does not write (a date, a number format, a tag …). */
export const unwrittenParts = (parts: MessagePart[]): number[] =>
  parts.flatMap((part) => [
    ...(FORMATTED_TYPES.includes(part.type) ? [] : [part.type]),
    ...('options' in part ? Object.values(part.options).flatMap((option) => unwrittenParts(option.value)) : []),
  ])

export type MessageValues = Record<string, string | number>

/** A compiled message with its values, as react-intl's `formatMessage` writes it. */
export function formatParts(parts: MessagePart[], values: MessageValues, locale: string, count?: number): string {
  let text = ''
  for (const part of parts) {
    if (part.type === 0) text += part.value
    else if (part.type === 7) text += count === undefined ? '' : new Intl.NumberFormat(locale).format(count)
    else if (part.type === 1) text += String(values[part.value] ?? '')
    else if (part.type === 5) {
      const chosen = part.options[String(values[part.value])] ?? part.options.other
      text += formatParts(chosen.value, values, locale, count)
    } else {
      const value = Number(values[part.value])
      const offset = part.offset ?? 0
      const rule = new Intl.PluralRules(locale, { type: part.pluralType }).select(value - offset)
      const chosen = part.options[`=${value}`] ?? part.options[rule] ?? part.options.other
      text += formatParts(chosen.value, values, locale, value - offset)
    }
  }
  return text
}
