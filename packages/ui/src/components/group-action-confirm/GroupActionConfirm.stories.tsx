import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { GroupActionConfirm } from './GroupActionConfirm'

const meta = {
  title: 'Components/GroupActionConfirm',
  component: GroupActionConfirm,
  args: {
    action: { kind: 'update', subject: 'Clientes VIP 2027' },
    groups: 14,
    notAdmin: 0,
    onConfirm: fn(),
    onClose: fn(),
  },
  tags: ['autodocs'],
} satisfies Meta<typeof GroupActionConfirm>

export default meta
type Story = StoryObj<typeof meta>

const dialogOf = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body).findByRole('alertdialog')

/** "Rename 14 groups to …", in red: the old names are gone once it runs. */
export const Rename: Story = {
  play: async ({ args, canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByText('Rename 14 groups to “Clientes VIP 2027”?')).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Update' }))
    await expect(args.onConfirm).toHaveBeenCalledTimes(1)
  },
}

/** A title and a description at once, with two chosen groups the connection does not administer. */
export const RenameAndDescribeSkipping: Story = {
  args: {
    action: { kind: 'update', subject: 'Clientes VIP', description: 'Ofertas exclusivas.\nSin spam.' },
    notAdmin: 2,
  },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByText(/2 chosen groups are not administered by this connection/)).toBeVisible()
  },
}

/** "Message 312 people privately": each person once, the opt-out list and the guardrails said. */
export const ParticipantsMessage: Story = {
  args: { action: { kind: 'participantsMessage', message: 'Hoje a loja fecha às 18h.' }, groups: 9, people: 312 },
  play: async ({ args, canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByText('Message 312 people privately?')).toBeVisible()
    await expect(dialog.getByText(/gets it once, however many of them they share/)).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await expect(args.onClose).toHaveBeenCalled()
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
}

export const GroupMessage: Story = {
  args: { action: { kind: 'groupMessage', message: 'Promoção de fim de semana!' }, groups: 3 },
}

export const Close: Story = {
  args: { action: { kind: 'close' }, groups: 1 },
  play: async ({ canvasElement }) => {
    const dialog = within(await dialogOf(canvasElement))
    await expect(dialog.getByText('Let only admins write in 1 group?')).toBeVisible()
  },
}

export const Confirming: Story = {
  args: { action: { kind: 'open' }, groups: 4, isConfirming: true },
}

export const Closed: Story = {
  // Nothing to see (a test, not a design): left out of the sidebar and the docs.
  tags: ['!dev', '!autodocs'],
  args: { action: null },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement.ownerDocument.body).queryByRole('alertdialog')).toBeNull()
  },
}
