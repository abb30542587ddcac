// @vitest-environment jsdom
import type { Connection } from '@desk/api-client'
import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useQrDialog } from '../src/pages/connections/internal/useQrDialog'

const line = (change: Partial<Connection> = {}): Connection => ({
  id: 2,
  name: 'Support line',
  status: 'qrcode',
  qrcode: 'pair-me',
  retries: 0,
  isDefault: false,
  greetingMessage: null,
  farewellMessage: null,
  queues: [],
  updatedAt: '2026-01-15T10:00:00.000Z',
  ...change,
})

const setup = (initial: Connection[]) =>
  renderHook(({ list }) => useQrDialog(list), { initialProps: { list: initial } })

describe('the QR dialog of the connections page', () => {
  it('shows the code of the chosen connection and closes by itself once it was scanned', () => {
    const { result, rerender } = setup([line()])
    act(() => result.current.open(2))
    expect(result.current.connection?.name).toBe('Support line')
    expect(result.current.qrcode).toBe('pair-me')
    // The session update after the scan clears the code.
    rerender({ list: [line({ status: 'PAIRING', qrcode: '' })] })
    expect(result.current.connection).toBeUndefined()
  })

  it('waits for a code that has not arrived yet instead of closing', () => {
    const { result, rerender } = setup([line({ status: 'OPENING', qrcode: null })])
    act(() => result.current.open(2))
    expect(result.current.connection).toBeDefined()
    expect(result.current.qrcode).toBeNull()
    rerender({ list: [line({ qrcode: 'fresh-code' })] })
    expect(result.current.qrcode).toBe('fresh-code')
  })

  it('closes when the connection is connected or deleted', () => {
    const { result, rerender } = setup([line({ qrcode: null, status: 'OPENING' })])
    act(() => result.current.open(2))
    rerender({ list: [line({ status: 'CONNECTED', qrcode: null })] })
    expect(result.current.connection).toBeUndefined()

    rerender({ list: [line()] })
    act(() => result.current.open(2))
    expect(result.current.connection).toBeDefined()
    rerender({ list: [] })
    expect(result.current.connection).toBeUndefined()
  })
})
