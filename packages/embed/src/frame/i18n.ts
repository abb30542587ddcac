import type { WidgetLocale } from '@desk/api-client/contract'
import { loadMessages } from '@desk/ui/i18n'
import { LATER_MESSAGE } from './laterKeys'
import { FRAME_MESSAGE } from './messageKeys'

export type FrameMessages = Record<string, unknown>

/**
 * One language's messages (English underneath), the frame's keys only. In the frame's build the ui's
 * tables hold nothing else, precompiled (`frame-messages.ts`), and only the chosen language is downloaded.
 */
export async function loadFrameMessages(locale: WidgetLocale | string): Promise<FrameMessages> {
  return laterLeftOut(await loadMessages(locale))
}

/** The frame's messages of a table, but those loaded after the first draw (`LATER_MESSAGE`). */
export const laterLeftOut = (table: Record<string, unknown>): FrameMessages =>
  Object.fromEntries(Object.entries(table).filter(([key]) => FRAME_MESSAGE.test(key) && !LATER_MESSAGE.test(key)))
