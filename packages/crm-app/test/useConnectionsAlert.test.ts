// @vitest-environment jsdom
import type { Connection } from '@desk/api-client'
import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const state: { connections: Connection[] | undefined } = { connections: undefined }
vi.mock('@desk/api-client/hooks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@desk/api-client/hooks')>()),
  useConnections: () => ({ connections: state.connections }),
}))
const { useConnectionsAlert } = await import('../src/pages/connections/useConnectionsAlert')

const line = (id: number, status: Connection['status']): Connection => ({
  id,
  name: `Line ${id}`,
  status,
  qrcode: null,
  retries: 0,
  isDefault: id === 1,
  greetingMessage: null,
  farewellMessage: null,
  queues: [],
  updatedAt: '2026-01-15T10:00:00.000Z',
})

describe("the Connections menu's '!'", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    vi.useRealTimers()
    state.connections = undefined
  })

  it('shows two seconds after the connections load when one needs attention, then follows them', () => {
    const { result, rerender } = renderHook(() => useConnectionsAlert())
    expect(result.current).toBe(false)
    state.connections = [line(1, 'CONNECTED'), line(2, 'qrcode')]
    rerender()
    act(() => vi.advanceTimersByTime(1999))
    expect(result.current).toBe(false)
    act(() => vi.advanceTimersByTime(1))
    expect(result.current).toBe(true)
    state.connections = [line(1, 'CONNECTED'), line(2, 'CONNECTED')]
    rerender()
    expect(result.current).toBe(false)
  })

  it('stays off while every connection is connected', () => {
    state.connections = [line(1, 'CONNECTED')]
    const { result } = renderHook(() => useConnectionsAlert())
    act(() => vi.advanceTimersByTime(5000))
    expect(result.current).toBe(false)
  })
})
