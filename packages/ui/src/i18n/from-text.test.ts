import { createIntl } from 'react-intl'
import { describe, expect, it } from 'vitest'
import { fromText } from './from-text'

describe('messages shipped as plain text', () => {
  it('format as before once given their tree back, beside messages that kept theirs', () => {
    const tree = [
      { type: 0, value: 'Hello, ' },
      { type: 1, value: 'name' },
    ]
    const messages = fromText({ 'a.text': 'Saved', 'a.tree': tree } as Record<string, unknown>)
    // react-intl's build without a parser (the app's) formats only trees.
    expect(messages['a.text']).toEqual([{ type: 0, value: 'Saved' }])
    const intl = createIntl({ locale: 'en', messages: messages as never, onError: () => undefined })
    expect(intl.formatMessage({ id: 'a.text' })).toBe('Saved')
    expect(intl.formatMessage({ id: 'a.text' }, { unused: 1 })).toBe('Saved')
    expect(intl.formatMessage({ id: 'a.tree' }, { name: 'Ana' })).toBe('Hello, Ana')
  })

  it('leaves the gaps of a list of messages (a message a language lacks) as they are', () => {
    expect(fromText(['Uno', null])).toEqual([[{ type: 0, value: 'Uno' }], null])
  })
})
