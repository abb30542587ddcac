import { envelope } from '@desk/api-client/widget-protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectHost } from '../src/frame/bridge'

/** The frame's window inside a parent page: `window.parent` is another window. */
const insideParent = () => {
  const parent = { postMessage: vi.fn() } as unknown as Window
  vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as Window & typeof globalThis)
  return parent
}
afterEach(() => vi.restoreAllMocks())

describe('the frame’s bridge to its host page', () => {
  it('posts to the allowed parent origin it was given, and hears only that origin from the parent', () => {
    const parent = insideParent()
    const host = connectHost('https://portal.example', ['https://portal.example'])
    expect(host.origin).toBe('https://portal.example')
    host.post({ type: 'opened' })
    expect(parent.postMessage).toHaveBeenCalledWith(envelope({ type: 'opened' }), 'https://portal.example')
    const heard = vi.fn()
    const stop = host.listen(heard)
    const send = (origin: string, source: unknown) =>
      window.dispatchEvent(
        new MessageEvent('message', { origin, data: envelope({ type: 'open' }), source: source as Window }),
      )
    send('https://evil.example', null)
    expect(heard).not.toHaveBeenCalled()
    stop()
  })

  it('stays silent when the page names an origin the connection does not allow', () => {
    const parent = insideParent()
    const host = connectHost('https://evil.example', ['https://portal.example'])
    expect(host.origin).toBeNull()
    host.post({ type: 'ready', mode: 'customer' })
    expect(parent.postMessage).not.toHaveBeenCalled()
  })

  it('posts nothing when it is not framed at all', () => {
    const host = connectHost('https://portal.example', ['https://portal.example'])
    expect(host.origin).toBeNull()
  })
})
