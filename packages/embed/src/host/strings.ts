import type { WidgetLocale } from '@desk/api-client/contract'

/**
 * The loader's own words (its launcher's labels and the frame's title). The loader must stay a few kB, so
 * these three languages live here rather than in the app's react-intl tables; the frame uses those.
 */
const STRINGS = {
  en: { open: 'Open chat', close: 'Close chat', unread: '{n} unread', title: 'Chat with {name}' },
  'pt-BR': { open: 'Abrir conversa', close: 'Fechar conversa', unread: '{n} não lidas', title: 'Conversa com {name}' },
  es: { open: 'Abrir chat', close: 'Cerrar chat', unread: '{n} sin leer', title: 'Chat con {name}' },
} satisfies Record<WidgetLocale, Record<string, string>>

export type LoaderString = keyof (typeof STRINGS)['en']

/** One of ours for a language tag (`pt` → pt-BR, `es-AR` → es), else null. */
export function localeOf(tag: string | null | undefined): WidgetLocale | null {
  if (!tag) return null
  const lower = tag.toLowerCase()
  if (lower.startsWith('pt')) return 'pt-BR'
  if (lower.startsWith('es')) return 'es'
  if (lower.startsWith('en')) return 'en'
  return null
}

/** The visitor's language: the one chosen, else the first of the browser's we have, else English. */
export function pickLocale(chosen?: string | null, languages: readonly string[] = navigator.languages ?? []) {
  return localeOf(chosen) ?? languages.map(localeOf).find((l) => l !== null) ?? 'en'
}

export const say = (locale: WidgetLocale, key: LoaderString, values: Record<string, string | number> = {}): string =>
  (STRINGS as Record<WidgetLocale, Record<LoaderString, string>>)[locale][key].replace(
    /\{(\w+)\}/g,
    (_, name: string) => String(values[name] ?? ''),
  )
