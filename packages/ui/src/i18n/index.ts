import { en, type MessageId, type Messages } from './en'
import { followAppPart } from './positional'
import { messages } from './tables'

export { registerAppMessages } from './app-messages'
export type { MessageId, Messages }

export const LOCALES = ['en', 'pt-BR', 'es'] as const
export type UiLocale = (typeof LOCALES)[number]

/** Native names, the same in every locale, for the language switcher. */
export const LOCALE_NAMES: Record<UiLocale, string> = { en: 'English', 'pt-BR': 'Português', es: 'Español' }

/** Every table at once, for tests and tools. The app loads them one at a time with `loadMessages`. */
export { messages }

export const isUiLocale = (value: unknown): value is UiLocale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** One of ours for a language tag: `pt` → pt-BR, `es-AR` → es; anything else → en. */
export const resolveLocale = (locale: string): UiLocale => {
  const exact = isUiLocale(locale) ? locale : locale.toLowerCase().startsWith('pt') ? 'pt-BR' : locale.slice(0, 2)
  return isUiLocale(exact) ? exact : 'en'
}

/** Messages of a locale with English underneath, so a missing key still reads in English. */
export const messagesFor = (locale: string): Messages => {
  const exact = resolveLocale(locale)
  return exact === 'en' ? en : { ...en, ...messages[exact] }
}

export const isMessageId = (value: unknown): value is MessageId => typeof value === 'string' && value in en

// English ships with the app; the other tables are fetched when chosen. During development every
// table is at hand from the start, so a story in Spanish draws in Spanish from its first frame.
const tableLoaders: Record<Exclude<UiLocale, 'en'>, () => Promise<Partial<Messages>>> = {
  'pt-BR': () => import('./pt-BR').then((m) => m.ptBR),
  es: () => import('./es').then((m) => m.es),
}
const loaded = new Map<UiLocale, Messages>(
  import.meta.env.DEV ? LOCALES.map((locale) => [locale, messagesFor(locale)]) : [['en', en]],
)
const loading = new Map<UiLocale, Promise<Messages>>()

/** The tables loaded so far (English included), for `registerAppMessages`. */
export const loadedTables = (): Messages[] => [...loaded.values()]

/** The messages of a locale (English underneath) if they are loaded, else undefined. */
export const loadedMessages = (locale: string): Messages | undefined => loaded.get(resolveLocale(locale))

/** Loads the messages of a locale once; English resolves at once. A failed load is tried again next time. */
export function loadMessages(locale: string): Promise<Messages> {
  const exact = resolveLocale(locale)
  const ready = loaded.get(exact)
  if (ready) return Promise.resolve(ready)
  if (exact === 'en') return Promise.resolve(en)
  let pending = loading.get(exact)
  if (!pending) {
    pending = tableLoaders[exact]().then(
      (table) => {
        const full = { ...en, ...table }
        followAppPart(table, full)
        loaded.set(exact, full)
        loading.delete(exact)
        return full
      },
      (error: unknown) => {
        loading.delete(exact)
        throw error
      },
    )
    loading.set(exact, pending)
  }
  return pending
}
export { isWidgetMessage, WIDGET_MESSAGE } from './widget-messages'
