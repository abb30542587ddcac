import { Stack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ConfirmDialog } from './ConfirmDialog'

const meta = {
  title: 'Components/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    open: true,
    title: 'Delete Ana Souza?',
    children: 'All open tickets of this user will be moved back to the queue.',
    onConfirm: fn(),
    onClose: fn(),
  },
  tags: ['autodocs'],
} satisfies Meta<typeof ConfirmDialog>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  args: { title: 'Regenerate the API token?', children: 'Integrations that use the current token will stop.' },
  play: async ({ args, canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }))
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
    await expect(args.onClose).not.toHaveBeenCalled()
  },
}

export const Destructive: Story = {
  args: { destructive: true },
  play: async ({ args, canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await expect(args.onClose).toHaveBeenCalled()
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
}

export const Confirming: Story = {
  args: { destructive: true, isConfirming: true },
}

export const Closed: Story = {
  // Nothing to see (a test, not a design): left out of the sidebar and the docs.
  tags: ['!dev', '!autodocs'],
  args: { open: false },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement.ownerDocument.body).queryByRole('alertdialog')).toBeNull()
  },
}

/** Closes on Escape, like every dialog. */
export const EscapeCloses: Story = {
  play: async ({ args, canvasElement }) => {
    await within(canvasElement.ownerDocument.body).findByRole('alertdialog')
    await userEvent.keyboard('{Escape}')
    await expect(args.onClose).toHaveBeenCalled()
  },
}

/** Both variants at once, for review (only the last opened dialog is on top). */
export const Catalog: Story = {
  render: (args) => (
    <Stack>
      <ConfirmDialog {...args} title="Regenerate the API token?" />
      <ConfirmDialog {...args} destructive title="Delete Ana Souza?" />
    </Stack>
  ),
}

export const Light: Story = {
  args: { destructive: true },
  globals: { colorMode: 'light' },
}

/**
 * Every destructive confirmation (delete, delete all, close all) draws its confirm button in the danger
 * colour, `red.600` with white text; here on a phone (390 px), where the dialog keeps a margin.
 */
export const DangerOnPhone: Story = {
  args: {
    destructive: true,
    title: 'Delete all contacts?',
    children: 'Every contact will be deleted, with all their tickets, messages and kanban cards.',
    confirmLabel: 'Delete everything',
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const dialog = await within(canvasElement.ownerDocument.body).findByRole('alertdialog')
    const confirm = within(dialog).getByRole('button', { name: 'Delete everything' })
    await expect(getComputedStyle(confirm).backgroundColor).toBe('rgb(220, 38, 38)')
    await expect(getComputedStyle(confirm).color).toBe('rgb(255, 255, 255)')
  },
}
