import { describe, expect, it } from 'vitest'
import { isFrameAddress, mentionedIds, mentionQuery, mentionSpans } from '../../src/rules'

const people = [
  { id: 1, name: 'Ana' },
  { id: 2, name: 'Ana Paula' },
  { id: 3, name: 'Bob' },
]

describe('mentions', () => {
  it('finds full names with spaces, the longest first, case-insensitively', () => {
    expect(mentionedIds('@ana paula and @Bob, see this', people)).toEqual([2, 3])
    expect(mentionedIds('@Ana: hi', people)).toEqual([1])
    expect(mentionSpans('hey @Bob!', people)).toEqual([{ start: 4, end: 8, userId: 3 }])
  })

  it('ignores a name that goes on, an address, and people not among those given', () => {
    expect(mentionedIds('@Anabel called', people)).toEqual([])
    expect(mentionedIds('mail ana@Bob.com', people)).toEqual([])
    expect(mentionedIds('@Carla', people)).toEqual([])
    expect(mentionedIds('@Bob @Bob', people)).toEqual([3])
  })

  it('reads the mention being typed at the end of a draft', () => {
    expect(mentionQuery('hi @ma')).toBe('ma')
    expect(mentionQuery('@')).toBe('')
    expect(mentionQuery('mail a@b')).toBeNull()
  })
})

describe('frame addresses', () => {
  it('takes empty or an absolute http(s) address, and nothing that could reach into a policy', () => {
    expect(isFrameAddress('')).toBe(true)
    expect(isFrameAddress('https://chat.example.com/room?x=1')).toBe(true)
    expect(isFrameAddress('http://127.0.0.1:8080/bot')).toBe(true)
    for (const bad of [
      'javascript:alert(1)',
      'ftp://x.example',
      '//x.example',
      'https://a.example/ x',
      "https://a.example/'none'",
      'https://user:pw@a.example',
    ]) {
      expect(isFrameAddress(bad), bad).toBe(false)
    }
  })
})
