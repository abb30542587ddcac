import { envelope, WIDGET_PROTOCOL, WIDGET_PROTOCOL_VERSION } from '@desk/api-client/widget-protocol'
import { describe, expect, it, vi } from 'vitest'
import { fromFrame, fromHost, parentOriginOf, postTo } from '../src/shared/protocol'

const desk = 'https://desk.example'
const portal = 'https://portal.example'
const frameWindow = {} as Window
const parentWindow = {} as Window

describe('the host reads a message', () => {
  const ready = envelope({ type: 'ready', mode: 'customer' })
  it('from its own frame, on the desk origin', () => {
    expect(fromFrame({ origin: desk, source: frameWindow, data: ready }, desk, frameWindow)).toEqual({
      type: 'ready',
      mode: 'customer',
    })
  })
  it('not from another origin, even from the frame window', () => {
    expect(
      fromFrame({ origin: 'https://evil.example', source: frameWindow, data: ready }, desk, frameWindow),
    ).toBeNull()
  })
  it('not from another window of the desk origin', () => {
    expect(fromFrame({ origin: desk, source: {} as Window, data: ready }, desk, frameWindow)).toBeNull()
  })
  it('not outside the namespace, in another version, or of a type it does not know', () => {
    const read = (data: unknown) => fromFrame({ origin: desk, source: frameWindow, data }, desk, frameWindow)
    expect(read({ ...ready, ns: 'other-widget' })).toBeNull()
    expect(read({ ...ready, v: WIDGET_PROTOCOL_VERSION + 1 })).toBeNull()
    expect(read({ ns: WIDGET_PROTOCOL, v: WIDGET_PROTOCOL_VERSION, message: { type: 'setUser' } })).toBeNull()
    expect(read('ready')).toBeNull()
  })
})

describe('the frame reads a message', () => {
  const open = envelope({ type: 'open' })
  it('from its parent window on the checked origin', () => {
    expect(fromHost({ origin: portal, source: parentWindow, data: open }, portal, parentWindow)).toEqual({
      type: 'open',
    })
  })
  it('never when no parent origin was accepted', () => {
    expect(fromHost({ origin: portal, source: parentWindow, data: open }, null, parentWindow)).toBeNull()
  })
  it('not from another origin or window, nor a frame-to-host type', () => {
    expect(fromHost({ origin: desk, source: parentWindow, data: open }, portal, parentWindow)).toBeNull()
    expect(fromHost({ origin: portal, source: {} as Window, data: open }, portal, parentWindow)).toBeNull()
    const closed = envelope({ type: 'unread', count: 2 })
    expect(fromHost({ origin: portal, source: parentWindow, data: closed }, portal, parentWindow)).toBeNull()
  })
})

describe('the parent origin the frame talks to', () => {
  const allowed = ['https://portal.example', 'http://127.0.0.1:5173']
  it('is the claimed one when the connection allows it', () => {
    expect(parentOriginOf('https://PORTAL.example/', allowed)).toBe(portal)
    expect(parentOriginOf('http://127.0.0.1:5173', allowed, ['http://127.0.0.1:5173'])).toBe('http://127.0.0.1:5173')
  })
  it('is none when the claimed origin is not allowed', () => {
    expect(parentOriginOf('https://evil.example', allowed)).toBeNull()
  })
  it('is none when the browser says another page holds the frame', () => {
    expect(parentOriginOf(portal, allowed, ['https://evil.example'])).toBeNull()
  })
  it('is the embedding page the browser names when nothing is claimed (a plain iframe)', () => {
    expect(parentOriginOf(null, allowed, [portal])).toBe(portal)
    expect(parentOriginOf(null, allowed)).toBeNull()
    expect(parentOriginOf(null, allowed, ['https://evil.example'])).toBeNull()
  })
})

describe('posting', () => {
  it('names the origin and never posts to every origin', () => {
    const target = { postMessage: vi.fn() } as unknown as Window
    expect(postTo(target, portal, { type: 'opened' })).toBe(true)
    expect(target.postMessage).toHaveBeenCalledWith(envelope({ type: 'opened' }), portal)
    expect(postTo(target, '*', { type: 'opened' })).toBe(false)
    expect(postTo(target, null, { type: 'opened' })).toBe(false)
    expect(target.postMessage).toHaveBeenCalledTimes(1)
  })
})
