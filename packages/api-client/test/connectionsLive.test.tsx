// @vitest-environment jsdom
import { act, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useConnectionMutations, useConnections } from '../src/hooks'
import { mockDesk } from './support/desk'

const { render } = mockDesk()

const setup = () => render(() => ({ list: useConnections(), actions: useConnectionMutations() }))

describe('useConnections', () => {
  it('follows whatsappSession and whatsapp events from the socket', async () => {
    const { result, sockets } = setup()
    await waitFor(() => expect(result.current.list.connections?.map((c) => c.name)).toContain('Support line'))
    await waitFor(() => expect(sockets.opened.length).toBeGreaterThan(0))
    const support = result.current.list.connections!.find((c) => c.name === 'Support line')!

    act(() =>
      sockets.live().push('whatsappSession', {
        action: 'update',
        session: { id: support.id, status: 'CONNECTED', qrcode: '', retries: 0, updatedAt: '2026-01-15T11:00:00.000Z' },
      }),
    )
    await waitFor(() =>
      expect(result.current.list.connections?.find((c) => c.id === support.id)).toMatchObject({
        status: 'CONNECTED',
        qrcode: '',
      }),
    )

    act(() => sockets.live().push('whatsapp', { action: 'delete', whatsappId: support.id }))
    await waitFor(() => expect(result.current.list.connections?.some((c) => c.id === support.id)).toBe(false))
  })

  it('shows its own changes at once: create, new QR code, disconnect, delete', async () => {
    const { result } = setup()
    await waitFor(() => expect(result.current.list.connections).toBeDefined())
    const created = await act(() => result.current.actions.createConnection({ name: 'Front desk' }))
    await waitFor(() => expect(result.current.list.connections?.some((c) => c.id === created.id)).toBe(true))

    await act(() => result.current.actions.newQr(created.id))
    const withQr = result.current.list.connections?.find((c) => c.id === created.id)
    expect(withQr?.status).toBe('qrcode')
    expect(withQr?.qrcode).toBeTruthy()

    await act(() => result.current.actions.disconnect(created.id))
    expect(result.current.list.connections?.find((c) => c.id === created.id)?.status).toBe('DISCONNECTED')

    await act(() => result.current.actions.deleteConnection(created.id))
    expect(result.current.list.connections?.some((c) => c.id === created.id)).toBe(false)
  })
})
