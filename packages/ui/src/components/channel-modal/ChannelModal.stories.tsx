import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ChannelModal } from './ChannelModal'

const people = [
  { id: 1, name: 'Admin' },
  { id: 2, name: 'Alice' },
  { id: 3, name: 'Bob Martins' },
  { id: 4, name: 'Carla Dias' },
]

const meta = {
  title: 'Components/ChannelModal',
  component: ChannelModal,
  args: { open: true, people, onSubmit: fn(), onClose: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof ChannelModal>

export default meta
type Story = StoryObj<typeof meta>

const dialog = async (canvasElement: HTMLElement) => {
  const element = await within(canvasElement.ownerDocument.body).findByRole('dialog')
  await waitFor(() => expect(element.contains(document.activeElement)).toBe(true))
  return within(element)
}

/** A new channel: a name and its members. */
export const Create: Story = {
  play: async ({ args, canvasElement }) => {
    const modal = await dialog(canvasElement)
    await userEvent.type(modal.getByLabelText(/Channel name/), 'Night shift')
    await userEvent.click(modal.getByText('Alice'))
    await userEvent.click(modal.getByText('Carla Dias'))
    await userEvent.click(modal.getByRole('button', { name: 'Create' }))
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith({ name: 'Night shift', userIds: [2, 4] }))
  },
}

/** Changing one: its name and members as they are. */
export const Edit: Story = {
  args: { initialValues: { name: 'Night shift', userIds: [1, 3] } },
  play: async ({ canvasElement }) => {
    const modal = await dialog(canvasElement)
    await expect(modal.getByLabelText(/Channel name/)).toHaveValue('Night shift')
    await expect(modal.getByRole('checkbox', { name: 'Bob Martins' })).toBeChecked()
  },
}
