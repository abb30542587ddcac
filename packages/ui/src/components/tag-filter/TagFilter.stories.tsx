import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { TagFilter } from './TagFilter'

const tags = [
  { id: 1, tag: 'Late payer', color: '#d32f2f' },
  { id: 2, tag: 'New', color: '#2e7d32' },
  { id: 3, tag: 'VIP', color: '#ffaa00' },
]

const meta = {
  title: 'Components/TagFilter',
  component: TagFilter,
  args: { tags, selected: [], onChange: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof TagFilter>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const OneSelected: Story = { args: { selected: [3] } }

/** Opened by keyboard; checking a tag hands back the ids, "All tags" clears them. */
export const Picking: Story = {
  render: function Render(args) {
    const [selected, setSelected] = useState<number[]>([])
    return (
      <TagFilter
        {...args}
        selected={selected}
        onChange={(ids) => {
          setSelected(ids)
          args.onChange(ids)
        }}
      />
    )
  },
  play: async ({ args, canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Filter by tag: All tags' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const menu = within(await within(canvasElement.ownerDocument.body).findByRole('menu'))
    await userEvent.click(menu.getByRole('menuitemcheckbox', { name: 'VIP' }))
    await expect(args.onChange).toHaveBeenLastCalledWith([3])
    await userEvent.click(menu.getByRole('menuitemcheckbox', { name: 'New' }))
    await expect(args.onChange).toHaveBeenLastCalledWith([3, 2])
    await userEvent.click(menu.getByRole('menuitem', { name: 'All tags' }))
    await expect(args.onChange).toHaveBeenLastCalledWith([])
    await userEvent.keyboard('{Escape}')
  },
}

/** None and some selected, in both colour modes and in Spanish. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'es'] },
      ],
    },
  },
  render: (args) => (
    <div style={{ display: 'flex', gap: '12px' }}>
      <TagFilter {...args} />
      <TagFilter {...args} selected={[1, 3]} />
    </div>
  ),
}
