import {
  BulkTextRequest,
  estimateJobEnd,
  isStopWord,
  normalizeBrazilianNumber,
  parseStopWords,
  recipientAddressOf,
  toRecipientAddress,
  waitsPerRecipient,
} from '@desk/api-client'
import { describe, expect, it } from 'vitest'
import { recipientChunks } from '../../src/modules/outreach/creation'
import { dayKey, nextDayStart, nextWindowOpening, randomWait } from '../../src/modules/outreach/pacing'

describe('recipient numbers (seed 001 §5)', () => {
  it.each([
    // country 55, area code ≤ 30: a 9 before the last 8 digits
    ['5511987654321', '5511987654321'],
    ['551187654321', '5511987654321'],
    ['+55 (11) 8765-4321', '5511987654321'],
    ['553087654321', '5530987654321'],
    // area code > 30: rebuilt as 55, area code, last 8 digits (no 9)
    ['5531987654321', '553187654321'],
    ['553187654321', '553187654321'],
    ['5585999998888', '558599998888'],
    // other countries, and numbers too short for the rule: as given
    ['14155550100', '14155550100'],
    ['351912345678', '351912345678'],
    ['5511', '5511'],
  ])('%s → %s', (entry, digits) => {
    expect(normalizeBrazilianNumber(entry)).toBe(digits)
    expect(toRecipientAddress(entry)).toBe(`${digits}@c.us`)
  })

  it('addresses groups in group mode, or when written with @g.us, and refuses what is no address', () => {
    expect(toRecipientAddress('5511987654321@c.us')).toBe('5511987654321@c.us')
    expect(recipientAddressOf('120363012345678901', true)).toBe('120363012345678901@g.us')
    expect(recipientAddressOf('5511987654321-1596000000', true)).toBe('5511987654321-1596000000@g.us')
    expect(recipientAddressOf('120363012345678901@g.us')).toBe('120363012345678901@g.us')
    expect(recipientAddressOf('551187654321@c.us')).toBe('5511987654321@c.us')
    for (const bad of ['hello', '1234567', 'abc@g.us', '5511 9876 x']) expect(recipientAddressOf(bad)).toBeNull()
  })

  it('skips later duplicates after normalisation and invalid lines, keeping the list order', () => {
    const [chunk] = [...recipientChunks(['551187654321', '5511987654321', 'nope', '14155550100'], false)]
    expect(chunk?.map((r) => [r.position, r.address, r.state, r.reason])).toEqual([
      [1, '5511987654321@c.us', 'queued', null],
      [2, null, 'skipped', 'duplicate'],
      [3, null, 'skipped', 'invalid'],
      [4, '14155550100@c.us', 'queued', null],
    ])
  })

  it('keeps the list as sent: blank lines dropped, duplicates kept for the job to skip', () => {
    const parsed = BulkTextRequest.parse({
      ticketwhatsappId: 1,
      numbers: '1\n\n1\n',
      message: 'x',
      minInterval: 0,
      maxInterval: 0,
    })
    expect(parsed.numbers).toEqual(['1', '1'])
  })
})

describe('pacing', () => {
  it('waits a whole number of seconds from min to max, both included', () => {
    expect(randomWait(3, 7, () => 0)).toBe(3)
    expect(randomWait(3, 7, () => 0.9999)).toBe(7)
    expect(randomWait(0, 0, () => 0.5)).toBe(0)
  })

  it('estimates the end at min + max seconds a recipient', () => {
    const from = new Date('2026-01-01T10:00:00Z')
    expect(estimateJobEnd(30, 5, 15, from).toISOString()).toBe('2026-01-01T10:10:00.000Z')
    expect(estimateJobEnd(0, 5, 15, from).toISOString()).toBe(from.toISOString())
    // A group job waits once per action: 5 s plus a random 0–10 s, 10 s on average.
    expect(estimateJobEnd(30, 5, 15, from, waitsPerRecipient('groupSubject')).toISOString()).toBe(
      '2026-01-01T10:05:00.000Z',
    )
    expect(waitsPerRecipient('bulkText')).toBe(2)
  })

  it('finds the next opening of a sending window in its time zone, also across midnight', () => {
    const window = { start: '09:00', end: '18:00', timeZone: 'America/Sao_Paulo' }
    // 20:00 in São Paulo (UTC-3): opens 09:00 the next day.
    expect(nextWindowOpening(window, new Date('2026-03-10T23:00:00Z'))?.toISOString()).toBe('2026-03-11T12:00:00.000Z')
    // 07:00 there: opens at 09:00 the same day; 10:00 there: open now.
    expect(nextWindowOpening(window, new Date('2026-03-10T10:00:00Z'))?.toISOString()).toBe('2026-03-10T12:00:00.000Z')
    expect(nextWindowOpening(window, new Date('2026-03-10T13:00:00Z'))).toBeNull()
    const night = { start: '22:00', end: '02:00', timeZone: 'UTC' }
    expect(nextWindowOpening(night, new Date('2026-03-10T23:30:00Z'))).toBeNull()
    expect(nextWindowOpening(night, new Date('2026-03-10T01:59:00Z'))).toBeNull()
    expect(nextWindowOpening(night, new Date('2026-03-10T02:00:00Z'))?.toISOString()).toBe('2026-03-10T22:00:00.000Z')
    expect(nextWindowOpening(null, new Date())).toBeNull()
  })

  it('counts days in the chosen zone', () => {
    const at = new Date('2026-03-11T01:00:00Z')
    expect(dayKey(at)).toBe('2026-03-11')
    expect(dayKey(at, 'America/Sao_Paulo')).toBe('2026-03-10')
    expect(nextDayStart(at, 'America/Sao_Paulo').toISOString()).toBe('2026-03-11T03:00:00.000Z')
  })
})

describe('stop words', () => {
  it('match a whole message whatever its case, accents and punctuation', () => {
    const words = parseStopWords(undefined)
    expect(words).toEqual(['SAIR', 'PARAR', 'STOP', 'BAJA'])
    for (const text of ['stop', ' Sair. ', '¡Bája!', 'PARAR!!!']) expect(isStopWord(text, words)).toBe(true)
    for (const text of ['stop it', 'please sair', '', '!!!']) expect(isStopWord(text, words)).toBe(false)
    // Long texts: only their letters and digits count, wherever the word sits.
    for (const text of [`${'!'.repeat(300)} S.t.O.p ${'?'.repeat(300)}`, 'stop\u0010']) {
      expect(isStopWord(text, words)).toBe(true)
    }
    for (const text of ['please stop sending me these offers', 'stop1', 'baja2025']) {
      expect(isStopWord(text, words)).toBe(false)
    }
    expect(parseStopWords('chau, Básta')).toEqual(['CHAU', 'BASTA'])
  })
})
