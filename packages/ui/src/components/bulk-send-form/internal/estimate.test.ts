import { describe, expect, it } from 'vitest'
import { countRecipients, estimateEnd } from './estimate'

describe('countRecipients', () => {
  it('counts one recipient per distinct number, blank lines left out', () => {
    expect(countRecipients('5511912345678\n\n  5521987654321  \n', false)).toMatchObject({ count: 2, repeated: 0 })
  })

  it('counts numbers that normalise to the same address once', () => {
    // Area code 11 (≤ 30) gains the 9; written with or without it, and with formatting, it is one person.
    const box = ['5511912345678', '551112345678', '+55 (11) 9 1234-5678', '5511912345678'].join('\n')
    expect(countRecipients(box, false)).toMatchObject({ count: 1, repeated: 3 })
    // Area code 71 (> 30) loses the 9.
    expect(countRecipients('5571912345678\n557112345678', false)).toMatchObject({ count: 1, repeated: 1 })
  })

  it('leaves out entries the contract refuses (too short, letters)', () => {
    expect(countRecipients('12345\nabc12345678\n14155550123', false)).toMatchObject({ count: 1, repeated: 0 })
  })

  it('treats entries as group ids in group mode', () => {
    const box = '120363012345678901\n120363012345678901@g.us\n5511912345678-1596000000'
    expect(countRecipients(box, true)).toMatchObject({ count: 2, repeated: 1 })
  })

  it('lists the numbers the rule changes, and counts a kept one as typed', () => {
    const box = ['5531991234567', '553191234567', '14155550123'].join('\n')
    expect(countRecipients(box, false)).toEqual({
      count: 2,
      repeated: 1,
      rewritten: [{ typed: '5531991234567', digits: '5531991234567', number: '553191234567' }],
    })
    expect(countRecipients(box, false, ['5531991234567'])).toMatchObject({ count: 3, repeated: 0 })
  })

  it('counts as the job does: a `@g.us` entry is a group even outside group mode', () => {
    // The job sends to both lines; the estimate once read the second as the number 120363012345678901.
    expect(countRecipients('120363012345678901\n120363012345678901@g.us', false)).toMatchObject({ count: 2 })
  })

  it('reads Windows line ends', () => {
    expect(countRecipients('5511912345678\r\n5521987654321\r\n', false).count).toBe(2)
  })
})

describe('estimateEnd', () => {
  const start = '2026-01-15T10:30:00.000Z'

  it('adds min + max seconds per recipient (the average wait before and after each send)', () => {
    // 30 recipients × (10 + 20) s = 900 s = 15 minutes.
    expect(estimateEnd(30, '10', '20', start)?.toISOString()).toBe('2026-01-15T10:45:00.000Z')
    expect(estimateEnd(1, 0, 0, start)?.toISOString()).toBe('2026-01-15T10:30:00.000Z')
  })

  it('starts from a scheduled start and may end on another day', () => {
    expect(estimateEnd(100, 60, 120, '2026-01-15T20:00:00.000Z')?.toISOString()).toBe('2026-01-16T01:00:00.000Z')
  })

  it('gives no estimate without recipients or usable intervals', () => {
    expect(estimateEnd(0, 5, 10, start)).toBeNull()
    expect(estimateEnd(3, '', '10', start)).toBeNull()
    expect(estimateEnd(3, '20', '10', start)).toBeNull()
    expect(estimateEnd(3, '1.5', '10', start)).toBeNull()
    expect(estimateEnd(3, '-1', '10', start)).toBeNull()
  })
})
