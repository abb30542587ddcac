// @vitest-environment jsdom
import type { Ticket } from '@desk/api-client'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

type Handler = (event: unknown) => void
const handlers = new Map<string, Set<Handler>>()
const socket = {
  on: (name: string, handler: Handler) => handlers.set(name, (handlers.get(name) ?? new Set()).add(handler)),
  off: (name: string, handler: Handler) => handlers.get(name)?.delete(handler),
}
const serverSends = (name: string, event: unknown) => {
  for (const handler of handlers.get(name) ?? []) handler(event)
}

vi.mock('@desk/api-client/hooks', () => ({
  useSocket: () => socket,
  useSession: () => ({ user: { id: 7 } }),
}))
vi.mock('@desk/ui', () => ({ previewKind: () => null }))
vi.mock('../src/lib/useT', () => ({ useT: () => (id: string) => id }))
const { useDeskAlerts } = await import('../src/lib/alerts/useDeskAlerts')

const pending = (id: number): Ticket =>
  ({
    id,
    status: 'pending',
    contactId: id,
    contact: { id, name: `Customer ${id}` },
    userId: null,
    isGroup: false,
    lastMessage: 'Hello there',
    unreadMessages: 1,
  }) as Ticket

const notes: number[] = []
const shown: { title: string; body?: string }[] = []

describe('the desk alerts', () => {
  beforeEach(() => {
    localStorage.clear()
    notes.length = 0
    shown.length = 0
    class FakeAudioContext {
      state = 'running'
      currentTime = 0
      destination = {}
      resume = async () => undefined
      createOscillator = () => ({
        frequency: { value: 0 },
        connect: () => undefined,
        start() {
          notes.push(this.frequency.value)
        },
        stop: () => undefined,
      })
      createGain = () => ({
        gain: { setValueAtTime: () => undefined, exponentialRampToValueAtTime: () => undefined },
        connect: () => undefined,
      })
    }
    class FakeNotification {
      static permission = 'default'
      static requestPermission = async () => {
        FakeNotification.permission = 'granted'
        return 'granted'
      }
      onclick = null
      close = () => undefined
      constructor(title: string, options?: NotificationOptions) {
        shown.push({ title, body: options?.body })
      }
    }
    vi.stubGlobal('AudioContext', FakeAudioContext)
    vi.stubGlobal('Notification', FakeNotification)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    handlers.clear()
  })

  it('counts the unread conversations in the title and gives it back on leaving', () => {
    const { rerender, unmount } = renderHook(({ tickets }) => useDeskAlerts({ tickets, onOpen: vi.fn() }), {
      initialProps: { tickets: [] as Ticket[] },
    })
    expect(document.title).toBe('LimeDesk')
    rerender({ tickets: [pending(1), pending(2)] })
    expect(document.title).toBe('(2) LimeDesk')
    unmount()
    expect(document.title).toBe('LimeDesk')
  })

  it('chimes for a new waiting ticket once the user has interacted, and notifies while hidden when opted in', async () => {
    const onOpen = vi.fn()
    const { result } = renderHook(() => useDeskAlerts({ tickets: [], onOpen }))
    expect(result.current.desktopAlerts).toBe('off')
    // Before any interaction the browser would refuse sound: nothing plays, nothing throws.
    serverSends('ticket', { action: 'update', ticket: pending(1) })
    expect(notes).toEqual([])

    document.dispatchEvent(new Event('pointerdown'))
    await act(() => result.current.setDesktopAlerts(true))
    expect(result.current.desktopAlerts).toBe('on')
    expect(localStorage.getItem('desktopNotifications')).toBe('true')

    Object.defineProperty(document, 'hidden', { configurable: true, value: true })
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 60_000)
    serverSends('ticket', { action: 'update', ticket: pending(2) })
    vi.useRealTimers()
    expect(notes).toEqual([880, 1320])
    expect(shown).toEqual([{ title: 'Customer 2', body: 'Hello there' }])
    Object.defineProperty(document, 'hidden', { configurable: true, value: false })
  })
})
