import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { ComposerModeSwitch } from './ComposerModeSwitch'

const meta = {
  title: 'Components/ComposerModeSwitch',
  component: ComposerModeSwitch,
  args: { value: 'reply', onChange: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof ComposerModeSwitch>

export default meta
type Story = StoryObj<typeof meta>

/** Replying to the customer; the other choice writes a private note. */
export const Reply: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: 'Reply' })).toHaveAttribute('aria-pressed', 'true')
    await userEvent.click(canvas.getByRole('button', { name: 'Private note' }))
    await expect(args.onChange).toHaveBeenCalledWith('note')
  },
}

export const Note: Story = {
  args: { value: 'note' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Private note' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
  },
}
