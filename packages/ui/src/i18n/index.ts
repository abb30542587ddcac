import { en, type MessageId, type Messages } from './en'
import { es } from './es'
import { ptBR } from './pt-BR'

export type { MessageId, Messages }

export const LOCALES = ['en', 'pt-BR', 'es'] as const
export type UiLocale = (typeof LOCALES)[number]

/** Native names, the same in every locale, for the language switcher. */
export const LOCALE_NAMES: Record<UiLocale, string> = { en: 'English', 'pt-BR': 'Português', es: 'Español' }

export const messages: Record<UiLocale, Messages> = { en, 'pt-BR': ptBR, es }

export const isUiLocale = (value: unknown): value is UiLocale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/** Messages of a locale with English underneath, so a missing key still reads in English. */
export const messagesFor = (locale: string): Messages => {
  const exact = isUiLocale(locale) ? locale : locale.toLowerCase().startsWith('pt') ? 'pt-BR' : locale.slice(0, 2)
  return isUiLocale(exact) && exact !== 'en' ? { ...en, ...messages[exact] } : en
}

export const isMessageId = (value: unknown): value is MessageId => typeof value === 'string' && value in en
