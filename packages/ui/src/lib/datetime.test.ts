import { describe, expect, it } from 'vitest'
import {
  dateTimeSettings,
  dayAndTime,
  formatDate,
  formatDateTime,
  formatRelativeDay,
  formatTime,
  INVALID_DATE,
  isToday,
  splitDuration,
} from './datetime'

// Local time without an offset, so the result does not depend on the machine's zone.
const moment = '2026-03-07T09:05:00'

describe('datetime helpers', () => {
  it('formats with the seed patterns', () => {
    expect(formatTime(moment)).toBe('09:05')
    expect(formatDate(moment)).toBe('07/03/2026')
    expect(formatDateTime(moment, 'pt-BR')).toBe('07/03/26 09:05')
  })

  it('accepts Date objects and epoch milliseconds', () => {
    const date = new Date(2026, 2, 7, 23, 59)
    expect(formatTime(date)).toBe('23:59')
    expect(formatDate(date.getTime(), 'es')).toBe('07/03/2026')
  })

  it('knows whether a moment is on the same day as now', () => {
    expect(isToday(moment, '2026-03-07T23:59:00')).toBe(true)
    expect(isToday(moment, '2026-03-08T00:00:00')).toBe(false)
    expect(formatRelativeDay(moment, 'en', '2026-03-07T12:00:00')).toBe('09:05')
    expect(formatRelativeDay(moment, 'en', '2026-03-09T12:00:00')).toBe('07/03/2026')
  })

  it('reads a date alone as local midnight, and says so when a moment cannot be read', () => {
    expect(formatDateTime('2026-03-07')).toBe('07/03/26 00:00')
    expect(formatTime('not a date')).toBe(INVALID_DATE)
    expect(isToday('not a date', moment)).toBe(false)
  })

  it('shows the configured zone and takes "now" from the settings', () => {
    const saved = { ...dateTimeSettings }
    try {
      dateTimeSettings.timeZone = 'America/Sao_Paulo'
      dateTimeSettings.now = () => Date.parse('2026-03-07T02:00:00Z')
      expect(formatDateTime('2026-03-07T01:30:00Z')).toBe('06/03/26 22:30')
      // 02:00 UTC is still the 6th in São Paulo: 23:30 UTC on the 6th is "today" there.
      expect(isToday('2026-03-06T23:30:00Z')).toBe(true)
      expect(formatRelativeDay('2026-03-07T04:00:00Z')).toBe('07/03/2026')
      dateTimeSettings.timeZone = 'UTC'
      expect(formatRelativeDay('2026-03-07T01:30:00Z')).toBe('01:30')
    } finally {
      Object.assign(dateTimeSettings, saved)
    }
  })

  it('splits seconds into their largest whole unit', () => {
    expect(splitDuration(30)).toEqual({ unit: 'seconds', count: 30 })
    expect(splitDuration(300)).toEqual({ unit: 'minutes', count: 5 })
    expect(splitDuration(7200)).toEqual({ unit: 'hours', count: 2 })
    expect(splitDuration(172800)).toEqual({ unit: 'days', count: 2 })
    expect(splitDuration(90)).toEqual({ unit: 'seconds', count: 90 })
  })

  it('says today, tomorrow or the date of a start, with its time', () => {
    const now = '2026-03-07T23:30:00'
    expect(dayAndTime('2026-03-07T10:00:00', 'en', now)).toEqual({ day: 'today', date: '07/03/2026', time: '10:00' })
    expect(dayAndTime('2026-03-08T00:15:00', 'en', now)).toEqual({ day: 'tomorrow', date: '08/03/2026', time: '00:15' })
    expect(dayAndTime('2026-03-09T10:00:00', 'en', now)).toEqual({ day: 'other', date: '09/03/2026', time: '10:00' })
    expect(dayAndTime('2026-03-06T10:00:00', 'en', now)?.day).toBe('other')
    expect(dayAndTime('2026-12-31T10:00:00', 'en', '2026-12-30T08:00:00')?.day).toBe('tomorrow')
    expect(dayAndTime('2027-01-01T10:00:00', 'en', '2026-12-31T08:00:00')?.day).toBe('tomorrow')
    expect(dayAndTime('soon')).toBeUndefined()
  })
})
