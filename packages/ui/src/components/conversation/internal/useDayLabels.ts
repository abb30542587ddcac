import { useMemo } from 'react'
import { formatDate } from '../../../lib/datetime'

/**
 * The day label (`dd/MM/yyyy`, local time) of a timestamp, formatted once per timestamp and locale: rows
 * that scroll back into view, and each row's look at its neighbour, read the cache instead of formatting again.
 */
export function useDayLabels(locale: string) {
  return useMemo(() => {
    const cache = new Map<string, string>()
    return (createdAt: string) => {
      let day = cache.get(createdAt)
      if (day === undefined) {
        day = formatDate(createdAt, locale)
        cache.set(createdAt, day)
      }
      return day
    }
  }, [locale])
}
