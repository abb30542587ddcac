import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { FrameAddressForm } from '../frame-address-form/FrameAddressForm'
import { FramePage } from './FramePage'

const meta = {
  title: 'Components/FramePage',
  component: FramePage,
  parameters: { layout: 'fullscreen' },
  args: { title: 'Chatbot', src: null },
  tags: ['autodocs'],
} satisfies Meta<typeof FramePage>

export default meta
type Story = StoryObj<typeof meta>

/** An address is set: the app in a sandboxed frame 800 px high. */
export const Framed: Story = {
  args: { src: 'about:blank', height: 800 },
  play: async ({ canvasElement }) => {
    const frame = canvasElement.querySelector('iframe')
    await expect(frame).toHaveAttribute('title', 'Chatbot')
    await expect(frame?.getAttribute('sandbox')).not.toContain('allow-top-navigation')
    await expect(frame?.getBoundingClientRect().height).toBe(800)
  },
}

/** No address: the page says so and offers the desk's own Bots page; an administrator may set one. */
export const NoAddress: Story = {
  args: {
    emptyTitle: 'No chatbot address is set',
    emptyDescription:
      'An administrator can set the chatbot app’s address here. The desk’s own bots are on the Bots page.',
    emptyActionLabel: 'Open Bots',
    onEmptyAction: fn(),
    children: <FrameAddressForm value="" onSave={fn()} />,
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Open Bots' }))
    await expect(args.onEmptyAction).toHaveBeenCalled()
    await expect(canvas.getByRole('button', { name: 'Save address' })).toBeDisabled()
  },
}
