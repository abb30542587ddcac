import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { TagsTable } from './TagsTable'

const tags = [
  { id: 1, tag: 'Late payer', color: '#d32f2f' },
  { id: 2, tag: 'New', color: '#2e7d32' },
  { id: 3, tag: 'VIP', color: '#ffaa00' },
]

const meta = {
  title: 'Components/TagsTable',
  component: TagsTable,
  args: { tags, onAdd: fn(), onEdit: fn(), onDelete: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof TagsTable>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Actions: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Edit VIP' }))
    await expect(args.onEdit).toHaveBeenCalledWith(tags[2])
    await userEvent.click(canvas.getByRole('button', { name: 'Delete New' }))
    await expect(args.onDelete).toHaveBeenCalledWith(tags[1])
    await userEvent.click(canvas.getByRole('button', { name: 'Add tag' }))
    await expect(args.onAdd).toHaveBeenCalledTimes(1)
  },
}

export const Loading: Story = { args: { tags: [], isLoading: true } }

export const Empty: Story = {
  args: { tags: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No tags yet')).toBeVisible()
  },
}

export const LoadFailed: Story = { args: { tags: [], error: { code: 'ERR_INTERNAL' }, onReload: fn() } }

/** Loaded, loading and empty, in both colour modes, in English and Spanish. */
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
    <div style={{ display: 'grid', gap: '24px' }}>
      <TagsTable {...args} />
      <TagsTable {...args} tags={[]} isLoading />
      <TagsTable {...args} tags={[]} />
    </div>
  ),
}
