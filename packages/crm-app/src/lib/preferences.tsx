import { type ColorMode, isUiLocale, type UiLocale } from '@desk/ui'
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'

export const LANGUAGE_KEY = 'language'
export const COLOR_MODE_KEY = 'colorMode'

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}
const write = (key: string, value: string) => {
  try {
    localStorage.setItem(key, value)
  } catch {
    // Private mode: the choice lasts for this visit only.
  }
}

/** Maps a browser language tag to one of ours: pt-* → pt-BR, es-* → es, en-* → en. */
export const localeFromTag = (tag: string): UiLocale | undefined => {
  const lower = tag.toLowerCase()
  if (lower.startsWith('pt')) return 'pt-BR'
  if (lower.startsWith('es')) return 'es'
  if (lower.startsWith('en')) return 'en'
  return undefined
}

/** The stored choice, else the browser's first language we speak, else English. */
export function initialLocale(
  stored = read(LANGUAGE_KEY),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): UiLocale {
  if (isUiLocale(stored)) return stored
  for (const tag of browser) {
    const locale = localeFromTag(tag)
    if (locale) return locale
  }
  return 'en'
}

export const initialColorMode = (stored = read(COLOR_MODE_KEY)): ColorMode => (stored === 'light' ? 'light' : 'dark')

export interface Preferences {
  locale: UiLocale
  setLocale(locale: UiLocale): void
  colorMode: ColorMode
  setColorMode(mode: ColorMode): void
}

const PreferencesContext = createContext<Preferences | null>(null)

/** Language and colour mode, kept in local storage so they survive a reload. */
export function PreferencesProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState(() => initialLocale())
  const [colorMode, setColorModeState] = useState(() => initialColorMode())

  const setLocale = useCallback((next: UiLocale) => {
    write(LANGUAGE_KEY, next)
    setLocaleState(next)
  }, [])
  const setColorMode = useCallback((next: ColorMode) => {
    write(COLOR_MODE_KEY, next)
    setColorModeState(next)
  }, [])

  useEffect(() => {
    document.documentElement.lang = locale
  }, [locale])
  useEffect(() => {
    document.documentElement.className = colorMode
  }, [colorMode])

  const value = useMemo(
    () => ({ locale, setLocale, colorMode, setColorMode }),
    [locale, setLocale, colorMode, setColorMode],
  )
  return <PreferencesContext.Provider value={value}>{children}</PreferencesContext.Provider>
}

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext)
  if (!value) throw new Error('Wrap the app in <PreferencesProvider>')
  return value
}
