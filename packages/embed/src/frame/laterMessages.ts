import { resolveLocale, type UiLocale } from '@desk/ui/i18n'
import type { FrameMessages } from './i18n'

const tables: Record<UiLocale, () => Promise<{ later: FrameMessages }>> = {
  en: () => import('./later-messages/en'),
  'pt-BR': () => import('./later-messages/pt-BR'),
  es: () => import('./later-messages/es'),
}

/** A language's error and field messages (`LATER_MESSAGE`), each its own chunk. */
export const loadLaterMessages = (locale: string): Promise<FrameMessages> =>
  tables[resolveLocale(locale)]().then((m) => m.later)
