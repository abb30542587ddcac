import { describe, expect, it } from 'vitest'
import { isMacLike } from '../src/lib/keyboard'

describe('isMacLike', () => {
  it('shows ⌘ on Apple keyboards: a Mac, an iPad or an iPhone', () => {
    expect(isMacLike({ platform: 'MacIntel', userAgent: '' })).toBe(true)
    expect(isMacLike({ platform: 'iPad', userAgent: '' })).toBe(true)
    expect(isMacLike({ platform: '', userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)' })).toBe(true)
  })

  it('shows Ctrl elsewhere, and where the browser says nothing', () => {
    expect(isMacLike({ platform: 'Win32', userAgent: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)' })).toBe(false)
    expect(isMacLike({ platform: 'Linux x86_64', userAgent: 'Mozilla/5.0 (X11; Linux x86_64)' })).toBe(false)
    expect(isMacLike({ platform: '', userAgent: '' })).toBe(false)
  })
})
