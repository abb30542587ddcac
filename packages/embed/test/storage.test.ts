import { describe, expect, it } from 'vitest'
import { createVisitorStorage } from '../src/frame/model/storage'

/** A storage that refuses every access, as a browser blocking third-party storage does. */
const refusing = {
  getItem: () => {
    throw new DOMException('Access is denied for this document.', 'SecurityError')
  },
  setItem: () => {
    throw new DOMException('Access is denied for this document.', 'SecurityError')
  },
  removeItem: () => {
    throw new DOMException('Access is denied for this document.', 'SecurityError')
  },
} as unknown as Storage

describe('the visitor storage', () => {
  it('keeps the visitor token in the frame’s own storage when the browser allows it', () => {
    const asked: unknown[] = []
    const storage = createVisitorStorage(3, localStorage, { kept: {}, keep: (...args) => asked.push(args) })
    storage.setVisitorToken('visitor-1')
    expect(localStorage.getItem('limedesk:3:visitor')).toBe('visitor-1')
    expect(createVisitorStorage(3, localStorage).visitorToken()).toBe('visitor-1')
    expect(asked).toEqual([])
  })

  it('asks the host page to keep it when its own storage is refused, and reads what the host handed back', () => {
    const asked: Array<[string, string | null]> = []
    const first = createVisitorStorage(4, refusing, { kept: {}, keep: (key, value) => asked.push([key, value]) })
    expect(first.visitorToken()).toBeNull()
    first.setVisitorToken('visitor-2')
    first.setReadUpTo(41)
    expect(asked).toEqual([
      ['visitor', 'visitor-2'],
      ['read', '41'],
    ])
    expect(first.visitorToken()).toBe('visitor-2')

    // The next frame gets them back in its address.
    const next = createVisitorStorage(4, null, { kept: { visitor: 'visitor-2', read: '41' }, keep: () => {} })
    expect(next.visitorToken()).toBe('visitor-2')
    expect(next.readUpTo()).toBe(41)
  })
})
