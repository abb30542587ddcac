import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { textOn } from './contrast'
import { TagChip } from './TagChip'
import { TagList } from './TagList'

const vip = { id: 1, tag: 'VIP', color: '#ffaa00' }
const tags = [
  vip,
  { id: 2, tag: 'Late payer', color: '#d32f2f' },
  { id: 3, tag: 'New', color: '#2e7d32' },
  { id: 4, tag: 'Pale', color: '#f5f5f4' },
  { id: 5, tag: 'Night', color: '#111827' },
  { id: 6, tag: 'A rather long tag name that is clipped', color: '#6366f1' },
]

const meta = {
  title: 'Components/TagChip',
  component: TagChip,
  args: { tag: vip },
  tags: ['autodocs'],
} satisfies Meta<typeof TagChip>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

/** Removable: the button is named after the tag and reachable by keyboard. */
export const Removable: Story = {
  args: { onRemove: fn(), size: 'md' },
  play: async ({ args, canvasElement }) => {
    const remove = within(canvasElement).getByRole('button', { name: 'Remove VIP' })
    remove.focus()
    await userEvent.keyboard('{Enter}')
    await expect(args.onRemove).toHaveBeenCalledWith(vip)
  },
}

/** Text is black or white, whichever contrasts more (axe checks each chip at error level). */
export const Contrast: Story = {
  render: () => <TagList tags={tags} wrap />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('listitem')).toHaveLength(tags.length)
    await expect(textOn('#ffaa00')).toBe('black')
    await expect(textOn('#d32f2f')).toBe('white')
    await expect(textOn('#fff')).toBe('black')
  },
}

/** In one line (as in ticket items) extra tags are clipped; no tags, no list. */
export const OneLine: Story = {
  render: () => (
    <div style={{ width: 220 }}>
      <TagList tags={tags} />
      <TagList tags={[]} />
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('list')).toHaveLength(1)
  },
}

/** Sizes, removable chips, in both colour modes. */
export const Catalog: Story = {
  parameters: { catalog: { dimensions: [{ name: 'colorMode', values: ['dark', 'light'] }] } },
  render: () => (
    <div style={{ display: 'grid', gap: '12px' }}>
      <TagList tags={tags.slice(0, 5)} wrap />
      <TagList tags={tags.slice(0, 5)} size="md" wrap />
      <TagList tags={tags.slice(0, 3)} size="md" wrap onRemove={() => {}} />
    </div>
  ),
}
