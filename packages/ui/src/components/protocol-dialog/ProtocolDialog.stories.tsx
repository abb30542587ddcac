import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ProtocolDialog } from './ProtocolDialog'

const meta = {
  title: 'Components/ProtocolDialog',
  component: ProtocolDialog,
  args: { open: true, protocol: null, onConfirm: fn(), onCopy: fn(), onClose: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof ProtocolDialog>

export default meta
type Story = StoryObj<typeof meta>

/** Asks before closing: the customer will receive the number. */
export const Asking: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Resolve' }))
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
  },
}

export const Resolving: Story = { args: { isResolving: true } }

/** Done: the number the customer received, to copy or read out. */
export const Resolved: Story = {
  args: { protocol: '176400012300' },
  play: async ({ args, canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog')
    await expect(within(dialog).getByTestId('protocol-number')).toHaveTextContent('176400012300')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Copy number' }))
    await expect(args.onCopy).toHaveBeenCalledWith('176400012300')
    await userEvent.keyboard('{Escape}')
    await expect(args.onClose).toHaveBeenCalled()
  },
}
