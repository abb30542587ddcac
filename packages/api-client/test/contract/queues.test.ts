import { describe, expect, it } from 'vitest'
import { Color, QueueCreateRequest, QueueUpdateRequest } from '../../src/contract'
import { fieldErrors } from './issues'

describe('Color (queue colours)', () => {
  it('accepts #rgb, #rgba, #rrggbb and #rrggbbaa, with or without the #, any case, as typed', () => {
    for (const color of ['#0f0', '0F0', '#0f0a', 'abcd', '#00ff00', 'A1B2C3', '#00ff00cc', '00FF00CC']) {
      expect(Color.safeParse(color), color).toEqual({ success: true, data: color })
    }
    expect(Color.parse('  #abc  ')).toBe('#abc')
  })

  it('refuses the other lengths of hex digits as invalid', () => {
    for (const color of ['#ab', 'abcde', '#abcde', 'abcdefa', '#abcdefa']) {
      expect(fieldErrors(QueueCreateRequest, { name: 'Sales', color }), color).toEqual({ color: 'validation.invalid' })
    }
    expect(fieldErrors(QueueUpdateRequest, { color: '#12345' })).toEqual({ color: 'validation.invalid' })
  })

  it('still bounds the length to 3–9 characters and asks for hex digits', () => {
    expect(fieldErrors(QueueCreateRequest, { name: 'Sales', color: 'ab' })).toEqual({ color: 'validation.tooShort' })
    expect(fieldErrors(QueueCreateRequest, { name: 'Sales', color: '#aabbccddee' })).toEqual({
      color: 'validation.tooLong',
    })
    expect(fieldErrors(QueueCreateRequest, { name: 'Sales', color: '#ggg' })).toEqual({ color: 'validation.invalid' })
  })
})
