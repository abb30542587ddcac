import { useEffect, useReducer, useRef } from 'react'
import { loadedMessages, loadMessages, type Messages, resolveLocale, type UiLocale } from '../i18n'

export interface LocaleMessages {
  locale: UiLocale
  messages: Messages
}

/**
 * The messages of `locale`, loading them when needed. While a newly chosen language loads, the page
 * keeps the language it shows (English at first) instead of blanking; apps that restore a stored
 * language load it with `loadMessages` before their first render, so a reload never flashes English.
 */
export function useLocaleMessages(locale: UiLocale): LocaleMessages {
  const exact = resolveLocale(locale)
  const ready = loadedMessages(exact)
  const shown = useRef<LocaleMessages | null>(null)
  const [, loadedOne] = useReducer((n: number) => n + 1, 0)

  useEffect(() => {
    if (ready) {
      shown.current = { locale: exact, messages: ready }
      return
    }
    let live = true
    loadMessages(exact).then(
      () => live && loadedOne(),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [exact, ready])

  if (ready) return { locale: exact, messages: ready }
  return shown.current ?? { locale: 'en', messages: loadedMessages('en') as Messages }
}
