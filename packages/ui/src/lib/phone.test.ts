import { describe, expect, it } from 'vitest'
import { formatPhoneNumber } from './phone'

describe('formatPhoneNumber', () => {
  it('shows a network address as a number people read', () => {
    expect(formatPhoneNumber('5511912345678@c.us')).toBe('+55 11 91234-5678')
    expect(formatPhoneNumber('551133334444@s.whatsapp.net')).toBe('+55 11 3333-4444')
    expect(formatPhoneNumber('5511912345678')).toBe('+55 11 91234-5678')
  })

  it('gives other countries their plus sign and leaves them whole', () => {
    expect(formatPhoneNumber('14155550123@c.us')).toBe('+14155550123')
    expect(formatPhoneNumber('+351912345678')).toBe('+351912345678')
  })

  it('shows what is not a number as it came', () => {
    expect(formatPhoneNumber('120363041234567890@g.us')).toBe('120363041234567890@g.us')
    expect(formatPhoneNumber('maria.silva')).toBe('maria.silva')
    expect(formatPhoneNumber('11 9 1234')).toBe('11 9 1234')
  })
})
