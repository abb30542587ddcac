import type { WidgetLocale } from '@desk/api-client/contract'
import { resolveLocale, type UiLocale } from '@desk/ui/i18n'
import { LATER_MESSAGE } from './laterKeys'
import { FRAME_MESSAGE } from './messageKeys'

export type FrameMessages = Record<string, unknown>

/**
 * Each language's messages for the first draw, its own chunk (`first-messages/`): the frame downloads the
 * chosen one only, English included. They do not sit on English: the build fills a message a language lacks
 * with the English one (`frame-messages.ts`), and `test/messages.test.ts` checks that none is lacking.
 */
const tables: Record<UiLocale, () => Promise<{ first: FrameMessages }>> = {
  en: () => import('./first-messages/en'),
  'pt-BR': () => import('./first-messages/pt-BR'),
  es: () => import('./first-messages/es'),
}

/** One language's messages, the frame's keys only, but those loaded after the first draw (`LATER_MESSAGE`). */
export const loadFrameMessages = (locale: WidgetLocale | string): Promise<FrameMessages> =>
  tables[resolveLocale(locale)]().then((m) => m.first)

/** The frame's messages of a table, but those loaded after the first draw (`LATER_MESSAGE`). */
export const laterLeftOut = (table: Record<string, unknown>): FrameMessages =>
  Object.fromEntries(Object.entries(table).filter(([key]) => FRAME_MESSAGE.test(key) && !LATER_MESSAGE.test(key)))
