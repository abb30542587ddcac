import { messages } from '@desk/ui/i18n'
import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { formatParts, type MessagePart } from '../../ui/src/i18n/compiled-intl/format'
import { compileFrameMessages } from '../frame-messages'
import { FRAME_MESSAGE } from '../src/frame/messageKeys'

/** The names a message's parts read, each with the values worth trying (a plural's several counts). */
function argumentsOf(parts: MessagePart[], found = new Map<string, Array<string | number>>()) {
  for (const part of parts) {
    if (part.type === 6) found.set(part.value, [0, 1, 2, 5, 1234])
    else if (part.type === 1 || part.type === 5) found.set(part.value, found.get(part.value) ?? ['Ana & Co.'])
    if (part.type === 5 || part.type === 6)
      for (const option of Object.values(part.options)) argumentsOf(option.value, found)
  }
  return found
}

describe("the frame's formatMessage", () => {
  for (const locale of ['en', 'pt-BR', 'es'] as const) {
    it(`writes every frame message in ${locale} as react-intl does`, async () => {
      const table = Object.entries(messages[locale]).filter(([key]) => FRAME_MESSAGE.test(key))
      expect(table.length).toBeGreaterThan(50)
      const intl = createIntl({ locale, messages: Object.fromEntries(table) as Record<string, string> })
      const compiled = await compileFrameMessages(locale)
      for (const [id] of table) {
        const args = argumentsOf(compiled[id])
        for (const round of [0, 1, 2, 3, 4]) {
          const values = Object.fromEntries([...args].map(([name, tries]) => [name, tries[round % tries.length]]))
          expect(formatParts(compiled[id], values, locale), id).toBe(intl.formatMessage({ id }, values))
        }
      }
    })
  }

  it('counts in the plural with the language’s digit grouping', async () => {
    const [id, parts] = Object.entries(await compileFrameMessages('pt-BR')).find(([, p]) => p[0]?.type === 6) ?? []
    expect(id).toBeDefined()
    expect(formatParts(parts ?? [], { count: 1234 }, 'pt-BR')).toMatch(/^1\.234 /)
  })
})
