import { createRequire } from 'node:module'
import { renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { messagesFor } from '../index'
import { formatParts, IntlProvider, type MessagePart, unwrittenParts, useIntl } from './index'

// The ICU parser as react-intl resolves it: the same syntax tree the app's build precompiles.
const fromReactIntl = createRequire(createRequire(import.meta.url).resolve('react-intl'))
const { parse } = (await import(fromReactIntl.resolve('@formatjs/icu-messageformat-parser'))) as {
  parse: (message: string) => MessagePart[]
}

/** The names a message's parts read, each with the values worth trying (a plural's several counts). */
function argumentsOf(parts: MessagePart[], found = new Map<string, Array<string | number>>()) {
  for (const part of parts) {
    if (part.type === 6) found.set(part.value, [0, 1, 2, 5, 1234])
    else if (part.type === 1 || part.type === 5) found.set(part.value, found.get(part.value) ?? ['Ana & Co.', 'open'])
    if (part.type === 5 || part.type === 6)
      for (const option of Object.values(part.options)) argumentsOf(option.value, found)
  }
  return found
}

describe('compiled-intl, which formats the app’s messages in its build', () => {
  for (const locale of ['en', 'pt-BR', 'es'] as const) {
    it(`writes every message in ${locale} as react-intl does`, () => {
      const table = Object.entries(messagesFor(locale)) as Array<[string, string]>
      expect(table.length).toBeGreaterThan(500)
      const intl = createIntl({ locale, messages: Object.fromEntries(table) })
      for (const [id, text] of table) {
        const parts = parse(text)
        expect(unwrittenParts(parts), id).toEqual([])
        const args = argumentsOf(parts)
        for (const round of [0, 1, 2, 3, 4]) {
          const values = Object.fromEntries([...args].map(([name, tries]) => [name, tries[round % tries.length]]))
          expect(formatParts(parts, values, locale), id).toBe(intl.formatMessage({ id }, values))
        }
      }
    })
  }

  it('gives useIntl() the messages, as text or as parts, and numbers in the language’s way', () => {
    const onError = (error: Error) => errors.push(error.message)
    const errors: string[] = []
    const wrapper = ({ children }: { children: ReactNode }) => (
      <IntlProvider
        locale="pt-BR"
        messages={{ plain: 'Salvo', counted: parse('{count, plural, one {# item} other {# itens}}') }}
        onError={onError}
      >
        {children}
      </IntlProvider>
    )
    const { result } = renderHook(() => useIntl(), { wrapper })
    expect(result.current.formatMessage({ id: 'plain' })).toBe('Salvo')
    expect(result.current.formatMessage({ id: 'counted' }, { count: 1234 })).toBe('1.234 itens')
    expect(result.current.formatNumber(1.5)).toBe('1,5')
    expect(result.current.formatMessage({ id: 'missing' })).toBe('missing')
    expect(errors).toEqual(['Missing message: "missing" for locale: "pt-BR"'])
  })
})
