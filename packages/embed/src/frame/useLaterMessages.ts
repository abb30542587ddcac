import { useEffect, useState } from 'react'
import type { FrameMessages } from './i18n'

/**
 * The error and field messages of `locale`, loaded once the panel is drawn; null until the first arrive (a
 * language chosen later keeps the previous ones until its own arrive). A failed load gives none, so an
 * error then reads as the server's text.
 */
export function useLaterMessages(locale: string, load: (locale: string) => Promise<FrameMessages>) {
  const [later, setLater] = useState<FrameMessages | null>(null)
  useEffect(() => {
    let live = true
    load(locale).then(
      (messages) => live && setLater(messages),
      () => live && setLater((held) => held ?? {}),
    )
    return () => {
      live = false
    }
  }, [locale, load])
  return later
}
