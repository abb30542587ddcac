import { describe, expect, it } from 'vitest'
import { isGsm7, smsJobSegments, smsSegments } from '../../src/contract'

const a = (n: number) => 'a'.repeat(n)

describe('SMS segments in GSM-7', () => {
  it('counts nothing for an empty text and leaves a whole segment free', () => {
    expect(smsSegments('')).toEqual({ encoding: 'GSM-7', segments: 0, characters: 0, perSegment: 160, remaining: 160 })
  })

  it('fits 160 characters in one segment and splits the 161st into parts of 153', () => {
    expect(smsSegments('Hello')).toEqual({
      encoding: 'GSM-7',
      segments: 1,
      characters: 5,
      perSegment: 160,
      remaining: 155,
    })
    expect(smsSegments(a(160))).toMatchObject({ segments: 1, perSegment: 160, remaining: 0 })
    expect(smsSegments(a(161))).toEqual({
      encoding: 'GSM-7',
      segments: 2,
      characters: 161,
      perSegment: 153,
      remaining: 145,
    })
    expect(smsSegments(a(306))).toMatchObject({ segments: 2, remaining: 0 })
    expect(smsSegments(a(307))).toMatchObject({ segments: 3, remaining: 152 })
  })

  it('counts characters of the extension table as two', () => {
    expect(smsSegments('{x}')).toMatchObject({ encoding: 'GSM-7', characters: 5 })
    expect(smsSegments('€'.repeat(80))).toMatchObject({ segments: 1, characters: 160, remaining: 0 })
    expect(smsSegments(`a${'€'.repeat(80)}`)).toMatchObject({ segments: 2, characters: 161, remaining: 145 })
    expect(smsSegments('^[]~\\|\f')).toMatchObject({ encoding: 'GSM-7', characters: 14 })
  })

  it('never splits an escape from its character across parts', () => {
    // 306 septets would fill exactly two parts, but the euro sign cannot straddle the first boundary.
    expect(smsSegments(`${a(152)}€${a(152)}`)).toMatchObject({ segments: 3, characters: 306, remaining: 152 })
  })

  it('keeps the accents of the GSM-7 table in GSM-7', () => {
    expect(isGsm7('Señor, ¿qué tal? Ünd Ø å é ù ì ò à Ç ß £ ¥ § ¤ @ _')).toBe(true)
    expect(smsSegments('Señor Müller')).toMatchObject({ encoding: 'GSM-7', characters: 12 })
  })
})

describe('SMS segments in UCS-2', () => {
  it('switches the whole text to UCS-2 for one character outside GSM-7', () => {
    expect(isGsm7('Ação')).toBe(false)
    expect(smsSegments('Ação')).toEqual({
      encoding: 'UCS-2',
      segments: 1,
      characters: 4,
      perSegment: 70,
      remaining: 66,
    })
    expect(smsSegments(`${a(100)}ç`)).toMatchObject({ encoding: 'UCS-2', segments: 2, characters: 101, perSegment: 67 })
  })

  it('counts an emoji as two code units, halving what a segment holds', () => {
    expect(smsSegments('Olá 👋')).toEqual({
      encoding: 'UCS-2',
      segments: 1,
      characters: 6,
      perSegment: 70,
      remaining: 64,
    })
    expect(smsSegments(`${a(68)}😀`)).toMatchObject({ segments: 1, characters: 70, remaining: 0 })
    expect(smsSegments(`${a(69)}😀`)).toMatchObject({ segments: 2, characters: 71, perSegment: 67, remaining: 63 })
    // An extension character in a UCS-2 text is one code unit, not an escape.
    expect(smsSegments('€😀')).toMatchObject({ encoding: 'UCS-2', characters: 3 })
  })

  it('never splits a surrogate pair across parts', () => {
    // 134 code units would fill exactly two parts, but the emoji cannot straddle the first boundary.
    expect(smsSegments(`${a(66)}😀${a(66)}`)).toMatchObject({ segments: 3, characters: 134, remaining: 66 })
  })
})

describe('SMS segments of a job', () => {
  it('multiplies the segments of the text by the recipients', () => {
    expect(smsJobSegments(a(161), 20)).toBe(40)
    expect(smsJobSegments('Hi', 0)).toBe(0)
    expect(smsJobSegments('', 5)).toBe(0)
  })
})
