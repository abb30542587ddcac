import { useMemo } from 'react'
import { useIntl } from 'react-intl'
import { useT } from '../../../internal/useT'
import { dateTimeSettings, formatDate } from '../../../lib/datetime'

const DAY = 86_400_000

/**
 * The label of a message's day, for the separators: "Today", "Yesterday", else the date written out in the
 * reader's language ("15 January 2026"). Browsers' own `Intl`, in the zone and "now" of `dateTimeSettings`.
 */
export function useWidgetDays() {
  const t = useT()
  const { locale } = useIntl()
  return useMemo(() => {
    const long = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: dateTimeSettings.timeZone })
    const now = dateTimeSettings.now()
    const today = formatDate(now)
    const yesterday = formatDate(now - DAY)
    const cache = new Map<string, string>()
    /** The day key (`dd/MM/yyyy`) of a timestamp, for comparing neighbours. */
    const dayOf = (createdAt: string) => formatDate(createdAt)
    const label = (createdAt: string) => {
      const key = dayOf(createdAt)
      let text = cache.get(key)
      if (text === undefined) {
        const millis = Date.parse(createdAt)
        text =
          key === today
            ? t('widget.today')
            : key === yesterday
              ? t('widget.yesterday')
              : Number.isFinite(millis)
                ? long.format(millis)
                : key
        cache.set(key, text)
      }
      return text
    }
    return { dayOf, label }
  }, [t, locale])
}
