import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { NoteComposer } from './NoteComposer'

const meta = {
  title: 'Components/NoteComposer',
  component: NoteComposer,
  args: { value: '', onChange: fn(), onSubmit: fn() },
  decorators: [
    (Story) => (
      <div style={{ width: '640px' }}>
        <Story />
      </div>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof NoteComposer>

export default meta
type Story = StoryObj<typeof meta>

/** Empty: the note's colours, the reminder that the customer never sees it, and no button until there is text. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Private note — not sent to the customer')).toBeVisible()
    await expect(canvas.getByRole('button', { name: 'Add note' })).toBeDisabled()
  },
}

/** Writing a note that mentions a colleague; Enter adds it. */
export const WithMention: Story = {
  render: function Render(args) {
    const [value, setValue] = useState('')
    return <NoteComposer {...args} value={value} onChange={setValue} />
  },
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole('textbox', { name: 'Private note' })
    await userEvent.type(box, '@Bob do you know this customer?')
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalledWith('@Bob do you know this customer?'))
  },
}
