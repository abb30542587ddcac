import { Stack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { SearchField } from './SearchField'

const meta = {
  title: 'Components/SearchField',
  component: SearchField,
  args: { value: '', onChange: fn(), label: 'Search contacts by name, number or email', placeholder: 'Search' },
  tags: ['autodocs'],
} satisfies Meta<typeof SearchField>

export default meta
type Story = StoryObj<typeof meta>

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('searchbox', { name: 'Search contacts by name, number or email' })).toHaveValue('')
    await expect(canvas.queryByRole('button', { name: 'Clear search' })).toBeNull()
  },
}

export const Typing: Story = {
  args: { value: 'ana' },
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole('searchbox')
    await userEvent.type(box, 's')
    await expect(args.onChange).toHaveBeenCalledWith('anas')
  },
}

/** The clear button and Escape both empty the box; the button puts the focus back in it. */
export const Clearing: Story = {
  render: function Render(args) {
    const [value, setValue] = useState('maria')
    return <SearchField {...args} value={value} onChange={setValue} />
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const box = canvas.getByRole('searchbox')
    await userEvent.click(canvas.getByRole('button', { name: 'Clear search' }))
    await expect(box).toHaveValue('')
    await expect(box).toHaveFocus()
    await userEvent.type(box, 'jo')
    await userEvent.keyboard('{Escape}')
    await expect(box).toHaveValue('')
  },
}

/** The catalogue in both colour modes: one matrix, one picture. */
export const Catalog: Story = {
  parameters: { catalog: { dimensions: [{ name: 'colorMode', values: ['dark', 'light'] }] } },
  render: (args) => (
    <Stack gap="3">
      <SearchField {...args} />
      <SearchField {...args} value="maria" />
      <SearchField {...args} value="a very long search text that does not fit the box" width="48" />
    </Stack>
  ),
}
