import { describe, expect, it } from 'vitest'
import { maskDateText, textToValue, valueToText } from './dateText'

describe('date text', () => {
  it('writes typed digits in the desk pattern, separators as the next digit comes', () => {
    expect(maskDateText('1501', 'date')).toBe('15/01')
    expect(maskDateText('15/0', 'date')).toBe('15/0')
    expect(maskDateText('15/', 'date')).toBe('15')
    expect(maskDateText('150120269999', 'date')).toBe('15/01/2026')
    expect(maskDateText('150120261830', 'datetime')).toBe('15/01/2026 18:30')
  })

  it('gives the native input format for a whole, real date and keeps anything else as typed', () => {
    expect(textToValue('15/01/2026', 'date')).toBe('2026-01-15')
    expect(textToValue('15/01/2026 18:30', 'datetime')).toBe('2026-01-15T18:30')
    expect(textToValue('', 'date')).toBe('')
    expect(textToValue('31/02/2026', 'date')).toBe('31/02/2026')
    expect(textToValue('15/01/2026 24:10', 'datetime')).toBe('15/01/2026 24:10')
    expect(textToValue('15/01/2026', 'datetime')).toBe('15/01/2026')
    expect(textToValue('15/01', 'date')).toBe('15/01')
  })

  it('shows a form value in the desk pattern', () => {
    expect(valueToText('2026-01-15', 'date')).toBe('15/01/2026')
    expect(valueToText('2026-01-15T18:30', 'datetime')).toBe('15/01/2026 18:30')
    expect(valueToText('15/01', 'date')).toBe('15/01')
    expect(valueToText('', 'datetime')).toBe('')
  })
})
