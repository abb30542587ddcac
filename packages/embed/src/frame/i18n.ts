import type { WidgetLocale } from '@desk/api-client/contract'
import { loadMessages } from '@desk/ui/i18n'
import { FRAME_MESSAGE } from './messageKeys'

export type FrameMessages = Record<string, unknown>

/**
 * One language's messages (English underneath), the frame's keys only. In the frame's build the ui's
 * tables hold nothing else, precompiled (`frame-messages.ts`), and only the chosen language is downloaded.
 */
export async function loadFrameMessages(locale: WidgetLocale | string): Promise<FrameMessages> {
  const all = await loadMessages(locale)
  return Object.fromEntries(Object.entries(all).filter(([key]) => FRAME_MESSAGE.test(key)))
}
