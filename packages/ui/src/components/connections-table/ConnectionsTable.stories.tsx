import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ConnectionsTable, type ConnectionsTableConnection } from './ConnectionsTable'

const at = (minutesAgo: number) => new Date(Date.parse('2026-01-15T10:30:00Z') - minutesAgo * 60_000).toISOString()

const connections: ConnectionsTableConnection[] = [
  { id: 1, name: 'Main line', status: 'CONNECTED', isDefault: true, updatedAt: at(5), driver: 'web-session' },
  { id: 2, name: 'Support line', status: 'qrcode', isDefault: false, updatedAt: at(60), driver: 'web-session' },
  {
    id: 3,
    name: 'Sales line',
    status: 'DISCONNECTED',
    isDefault: false,
    updatedAt: at(60 * 26),
    driver: 'web-session',
  },
  { id: 4, name: 'Night shift', status: 'OPENING', isDefault: false, updatedAt: at(1), driver: 'cloud-api' },
  { id: 5, name: 'Campaigns', status: 'PAIRING', isDefault: false, updatedAt: at(2), driver: 'simulator' },
  { id: 6, name: 'Legacy number', status: 'TIMEOUT', isDefault: false, updatedAt: at(60 * 24 * 9) },
]

const meta = {
  title: 'Components/ConnectionsTable',
  component: ConnectionsTable,
  args: {
    connections,
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onShowQr: fn(),
    onRetry: fn(),
    onNewQr: fn(),
    onDisconnect: fn(),
  },
  tags: ['autodocs'],
} satisfies Meta<typeof ConnectionsTable>

export default meta
type Story = StoryObj<typeof meta>

const row = (canvasElement: HTMLElement, name: string) =>
  within(within(canvasElement).getByRole('cell', { name }).closest('tr') as HTMLElement)

/** Every status with the session buttons it allows. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    await expect(row(canvasElement, 'Main line').getByRole('img', { name: 'Default connection' })).toBeVisible()
    await expect(row(canvasElement, 'Main line').getByText('15/01/26 10:25')).toBeVisible()
    await userEvent.click(row(canvasElement, 'Main line').getByRole('button', { name: 'Disconnect' }))
    await expect(args.onDisconnect).toHaveBeenCalledWith(connections[0])
    await userEvent.click(row(canvasElement, 'Support line').getByRole('button', { name: 'Show QR code' }))
    await expect(args.onShowQr).toHaveBeenCalledWith(connections[1])
    await userEvent.click(row(canvasElement, 'Sales line').getByRole('button', { name: 'Try again' }))
    await expect(args.onRetry).toHaveBeenCalledWith(connections[2])
    await userEvent.click(row(canvasElement, 'Sales line').getByRole('button', { name: 'New QR code' }))
    await expect(args.onNewQr).toHaveBeenCalledWith(connections[2])
    await expect(row(canvasElement, 'Night shift').getByRole('button', { name: /Connecting/ })).toBeDisabled()
    await expect(row(canvasElement, 'Campaigns').getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await expect(row(canvasElement, 'Legacy number').getByRole('button', { name: 'Disconnect' })).toBeVisible()
  },
}

/** The Type column names each connection's kind in the reader's language; one without a type shows none. */
export const TypeColumn: Story = {
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('columnheader', { name: 'Type' })).toBeVisible()
    await expect(row(canvasElement, 'Main line').getByRole('cell', { name: 'WhatsApp web' })).toBeVisible()
    await expect(row(canvasElement, 'Night shift').getByRole('cell', { name: 'Cloud API' })).toBeVisible()
    await expect(row(canvasElement, 'Campaigns').getByRole('cell', { name: 'Simulator' })).toBeVisible()
  },
}

/** On a 390 px phone every row's edit and delete buttons are on screen and on top, without scrolling sideways. */
export const PhoneActionsInView: Story = {
  globals: { viewport: { value: 'phone' } },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const width = canvasElement.ownerDocument.documentElement.clientWidth
    await expect(width).toBe(390)
    for (const connection of connections) {
      for (const name of [`Edit ${connection.name}`, `Delete ${connection.name}`]) {
        const button = canvas.getByRole('button', { name })
        const box = button.getBoundingClientRect()
        await expect({ name, left: box.left >= 0, right: box.right <= width }).toEqual({
          name,
          left: true,
          right: true,
        })
        const top = canvasElement.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
        await expect(button.contains(top)).toBe(true)
      }
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Legacy number' }))
    await expect(args.onDelete).toHaveBeenCalledWith(connections[5])
  },
}

export const EditAndDelete: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Support line' }))
    await expect(args.onEdit).toHaveBeenCalledWith(connections[1])
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Sales line' }))
    await expect(args.onDelete).toHaveBeenCalledWith(connections[2])
    await userEvent.click(canvas.getByRole('button', { name: 'Add connection' }))
    await expect(args.onAdd).toHaveBeenCalled()
  },
}

/**
 * What an agent sees: without the admin handlers there is no add, edit or delete, and no session
 * button; an opening session still shows as connecting.
 */
export const ReadOnly: Story = {
  args: {
    onAdd: undefined,
    onEdit: undefined,
    onDelete: undefined,
    onShowQr: undefined,
    onRetry: undefined,
    onNewQr: undefined,
    onDisconnect: undefined,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('button', { name: 'Add connection' })).toBeNull()
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).toBeNull()
    for (const name of ['Show QR code', 'Try again', 'New QR code', 'Disconnect']) {
      await expect(canvas.queryByRole('button', { name })).toBeNull()
    }
    await expect(row(canvasElement, 'Night shift').getByRole('button', { name: /Connecting/ })).toBeDisabled()
  },
}

export const Loading: Story = {
  args: { connections: [], isLoading: true },
}

export const Empty: Story = {
  args: { connections: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No connections yet')).toBeVisible()
  },
}

/** The catalogue in both colour modes and in the three languages: one matrix, one picture. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR', 'es'] },
      ],
    },
  },
}

/** A web chat has no session buttons; Embed shows on its row only, the other rows keep its place. */
export const WebChat: Story = {
  args: {
    connections: [
      connections[0],
      { id: 7, name: 'Website chat', status: 'CONNECTED', isDefault: false, updatedAt: at(30), driver: 'webchat' },
    ],
    onEmbed: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const web = row(canvasElement, 'Website chat')
    await expect(web.queryByRole('button', { name: 'Disconnect' })).toBeNull()
    await expect(row(canvasElement, 'Main line').queryByRole('button', { name: /^Embed/ })).toBeNull()
    await userEvent.click(web.getByRole('button', { name: 'Embed Website chat' }))
    await expect(args.onEmbed).toHaveBeenCalledWith(args.connections[1])
  },
}
