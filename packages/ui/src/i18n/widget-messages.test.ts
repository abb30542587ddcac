import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { widgetSources } from '../../test/widgetSources'
import { en } from './en'
import { isWidgetMessage } from './widget-messages'

/** The code, not the locale tables it reaches, and without its comments (which quote examples). */
const files = widgetSources().filter((file) => !file.includes('/src/i18n/'))
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '')
/** Literal ids (`'widget.header.close'`) and the stems of built ones (`` `message.ack.${level}` ``). */
const literals = files.flatMap((file) =>
  [...code(file).matchAll(/(['"`])([a-z][A-Za-z0-9]*\.[A-Za-z0-9_.]*[A-Za-z0-9_.])(\$\{|\1)/g)].map((match) => ({
    id: match[2],
    stem: match[3] === '${',
    file,
  })),
)
const ids = literals.filter(({ id, stem }) => (stem ? Object.keys(en).some((key) => key.startsWith(id)) : id in en))

describe('the widget messages', () => {
  it('reads the sources the widget ships, beyond its own folder', () => {
    expect(files.some((file) => file.endsWith('message-bubble/internal/AckIcon.tsx'))).toBe(true)
    expect(files.some((file) => file.endsWith('message-input/internal/EmojiPicker.tsx'))).toBe(true)
    expect(ids.map(({ id }) => id)).toEqual(expect.arrayContaining(['widget.header.close', 'message.ack.']))
  })

  it('match every message id those sources can show, built ones included', () => {
    const outside = ids.flatMap(({ id, stem, file }) => {
      const keys = stem ? Object.keys(en).filter((key) => key.startsWith(id)) : [id]
      return keys.filter((key) => !isWidgetMessage(key)).map((key) => `${key} (${file.split('/src/')[1]})`)
    })
    expect([...new Set(outside)]).toEqual([])
  })

  it('leave out the signed-in app', () => {
    expect(['users.title', 'conversation.transfer', 'input.record', 'message.reply'].filter(isWidgetMessage)).toEqual(
      [],
    )
  })
})
