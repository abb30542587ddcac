import { describe, expect, it } from 'vitest'
import { formatFileSize } from './fileSize'

describe('formatFileSize', () => {
  it('picks the unit and the digits', () => {
    expect(formatFileSize(820, 'en')).toBe('820 bytes')
    expect(formatFileSize(1, 'en')).toBe('1 byte')
    expect(formatFileSize(12_345, 'en')).toBe('12 kB')
    expect(formatFileSize(3_400_000, 'en')).toBe('3.4 MB')
    expect(formatFileSize(1_000_000, 'en')).toBe('1 MB')
  })

  it('writes numbers the reader way', () => {
    expect(formatFileSize(3_400_000, 'pt-BR')).toBe('3,4 MB')
    expect(formatFileSize(1_500, 'es')).toBe('1,5 kB')
    expect(formatFileSize(604, 'pt-BR')).toBe('604 bytes')
    expect(formatFileSize(604, 'es')).toBe('604 bytes')
    expect(formatFileSize(1, 'es')).toBe('1 byte')
  })
})
