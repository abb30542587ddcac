import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { en } from './en'
import { messages } from './tables'

/**
 * Every message id the code can put on screen exists in every locale. Ids reach the screen through
 * typed `t('…')` calls, but also as plain strings: zod error messages, props translated later by
 * `useTranslateCode`, unions of ids (`'recorder.noDevice' | …`), `formatMessage({ id })` and error codes
 * that the UI looks up as `errors.<code>`. So the test reads the sources instead of trusting the types.
 */
const packagesDir = resolve(import.meta.dirname, '../../..')
const SOURCE_DIRS = ['crm-app/src', 'ui/src'].map((dir) => join(packagesDir, dir))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    // Stories and tests spell out what the screen shows, not ids.
    return /\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name) ? [path] : []
  })
}

/** The first part of every id (`users`, `toasts`, `recorder` …): a string starting with one is an id. */
const NAMESPACES = new Set(Object.keys(en).map((id) => id.split('.')[0]))
const LOCALE_TABLES = ['en', 'es', 'pt-BR'].map(
  (locale) => [locale, messages[locale as keyof typeof messages]] as const,
)

/** Strings shaped like ids that are something else; add one here only when it is not shown as text. */
const NOT_IDS = new Set([
  'contacts.csv', // the export's file name
  'shell.sidebar', // colour tokens of the theme
  'shell.topbar',
])

interface Use {
  id: string
  where: string
}

/** String literals (quotes or backticks without `${}`) shaped like `namespace.key`, plus error codes as `errors.<code>`. */
function messageIdsIn(source: string, where: string): Use[] {
  const uses: Use[] = []
  for (const match of source.matchAll(/(['"`])([a-z][A-Za-z0-9]*\.[A-Za-z0-9_.]*[A-Za-z0-9_])\1/g)) {
    if (NAMESPACES.has(match[2].split('.')[0]) && !NOT_IDS.has(match[2])) uses.push({ id: match[2], where })
  }
  // `{ code: 'ERR_…' }` is shown through `errors.ERR_…`.
  for (const match of source.matchAll(/\bcode:\s*(['"`])([A-Z][A-Z0-9_]+)\1/g)) {
    uses.push({ id: `errors.${match[2]}`, where })
  }
  return uses
}

const uses = SOURCE_DIRS.flatMap(sourceFiles).flatMap((file) =>
  messageIdsIn(readFileSync(file, 'utf8'), relative(packagesDir, file)),
)

describe('message ids used by the code', () => {
  it('finds the ids the code passes around', () => {
    // A scanner that finds nothing would pass for ever: make sure it sees the usual ways in.
    const ids = new Set(uses.map((u) => u.id))
    for (const id of ['users.title', 'toasts.userSaved', 'recorder.noDevice', 'userModal.passwordInvalid']) {
      expect(ids).toContain(id)
    }
    expect(ids.size).toBeGreaterThan(200)
  })

  it.each(LOCALE_TABLES)('every id used in crm-app and ui has a %s message', (_locale, table) => {
    const missing = uses.filter(({ id }) => !(id in table)).map(({ id, where }) => `${id} (${where})`)
    expect([...new Set(missing)]).toEqual([])
  })

  it('reads literals, error codes and leaves other dotted strings alone', () => {
    const source = `t('users.title'); formatMessage({ id: "toasts.userSaved" }); notify.error({ code: 'ERR_NO_PERMISSION' });
      const notice: 'recorder.noDevice' | 'recorder.denied' = x; import('./Page.tsx'); const v = 'react.dom'`
    expect(messageIdsIn(source, 'x').map((u) => u.id)).toEqual([
      'users.title',
      'toasts.userSaved',
      'recorder.noDevice',
      'recorder.denied',
      'errors.ERR_NO_PERMISSION',
    ])
  })
})
