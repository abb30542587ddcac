import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { FrameAddressForm } from './FrameAddressForm'

const meta = {
  title: 'Components/FrameAddressForm',
  component: FrameAddressForm,
  args: { value: 'https://chat.example.com/room', onSave: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof FrameAddressForm>

export default meta
type Story = StoryObj<typeof meta>

/** A new http(s) address is saved; anything else is refused before it is sent. */
export const Editing: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const input = canvas.getByRole('textbox', { name: 'Address to show in the frame' })
    await userEvent.clear(input)
    await userEvent.type(input, 'javascript:alert(1)')
    await expect(canvas.getByText('Invalid value')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Save address' })).toBeDisabled()
    await userEvent.clear(input)
    await userEvent.type(input, 'https://bot.example.org/app')
    await userEvent.click(canvas.getByRole('button', { name: 'Save address' }))
    await waitFor(() => expect(args.onSave).toHaveBeenCalledWith('https://bot.example.org/app'))
  },
}
