import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ConversationTools } from './ConversationTools'

const meta = {
  component: ConversationTools,
  args: {
    canResolve: true,
    contactEmail: 'maria@example.com',
    onResolveWithProtocol: fn(),
    onExport: fn(),
    onEmail: fn(async () => true),
  },
  tags: ['autodocs'],
} satisfies Meta<typeof ConversationTools>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const bar = within(canvasElement).getByRole('toolbar')
    await userEvent.click(within(bar).getByRole('button', { name: 'Export CSV' }))
    await expect(args.onExport).toHaveBeenCalledWith('csv')
    await userEvent.click(within(bar).getByRole('button', { name: 'Resolve with protocol' }))
    await expect(args.onResolveWithProtocol).toHaveBeenCalled()
  },
}

/** A closed ticket, or one the viewer may only read: no protocol button. */
export const ReadOnly: Story = { args: { canResolve: false } }

export const Exporting: Story = { args: { busy: 'csv' } }

/** "E-mail conversation" starts with the contact's address, which may be changed. */
export const EmailDialog: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'E-mail conversation' }))
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('dialog')
    const input = within(dialog).getByRole('textbox', { name: /Send to/ })
    await expect(input).toHaveValue('maria@example.com')
    await userEvent.clear(input)
    await userEvent.type(input, 'boss@example.com')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    await expect(args.onEmail).toHaveBeenCalledWith('boss@example.com')
  },
}
