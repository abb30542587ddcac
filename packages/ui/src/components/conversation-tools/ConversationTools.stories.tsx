import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { clickMenuItem } from '../../testing'
import { ConversationTools } from './ConversationTools'
import { PhoneConversation } from './internal/PhoneConversation'

const meta = {
  title: 'Components/ConversationTools',
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

/**
 * A phone (390 px): the toolbar is hidden, and the ticket's menu lists its actions after Return and Resolve;
 * "E-mail conversation" and "Resolve with protocol" work from there. The picture shows the open menu.
 */
export const PhoneMenu: Story = {
  globals: { viewport: { value: 'phone' } },
  render: (args) => <PhoneConversation {...args} />,
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    const openMenu = async () => {
      await userEvent.click(canvas.getByRole('button', { name: 'Ticket options' }))
      return within(await body.findByRole('menu'))
    }
    await expect(canvas.getByRole('toolbar', { hidden: true })).not.toBeVisible()

    await clickMenuItem((await openMenu()).getByRole('menuitem', { name: 'E-mail conversation' }))
    const dialog = await body.findByRole('dialog')
    await expect(within(dialog).getByRole('textbox', { name: /Send to/ })).toHaveValue('maria@example.com')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }))
    await expect(args.onEmail).toHaveBeenCalledWith('maria@example.com')
    await waitFor(() => expect(body.queryByRole('dialog')).toBeNull())

    await clickMenuItem((await openMenu()).getByRole('menuitem', { name: 'Resolve with protocol' }))
    await expect(args.onResolveWithProtocol).toHaveBeenCalledTimes(1)
    await waitFor(() => expect(body.queryByRole('menu')).toBeNull())

    const menu = await openMenu()
    await expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Return',
      'Resolve',
      'Resolve with protocol',
      'Export CSV',
      'Export text',
      'E-mail conversation',
      'Transfer',
    ])
  },
}
