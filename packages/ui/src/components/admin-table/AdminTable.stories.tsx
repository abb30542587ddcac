import { Input } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { LuTags } from 'react-icons/lu'
import { expect, fn, userEvent, within } from 'storybook/test'
import { AdminTable, type AdminTableProps } from './AdminTable'
import { deleteRowAction, editRowAction } from './rowActions'

interface Tag {
  id: number
  name: string
  uses: number
}

const tags: Tag[] = [
  { id: 1, name: 'VIP', uses: 12 },
  { id: 2, name: 'Refund', uses: 3 },
  { id: 3, name: 'Follow-up', uses: 0 },
]

/** A tags table, as a new administration page would declare it. */
function TagsTable(
  props: Partial<AdminTableProps<Tag>> & { onEdit?: (tag: Tag) => void; onDelete?: (tag: Tag) => void },
) {
  const { onEdit, onDelete, ...rest } = props
  return (
    <AdminTable
      rows={tags}
      addLabel="Add tag"
      empty={{ title: 'No tags yet', description: 'Tags group conversations.', icon: <LuTags /> }}
      columns={[
        { key: 'name', header: 'Name', cellProps: { fontWeight: 'medium' }, cell: (tag) => tag.name, skeleton: 40 },
        { key: 'uses', header: 'Tickets', cellProps: { color: 'fg.muted' }, cell: (tag) => tag.uses, skeleton: 20 },
      ]}
      actionsColumn={{ header: 'Actions', skeleton: 20 }}
      rowActions={[
        editRowAction((tag: Tag) => `Edit ${tag.name}`, onEdit),
        // A tag still in use cannot go.
        { ...deleteRowAction((tag: Tag) => `Delete ${tag.name}`, onDelete), disabled: (tag) => tag.uses > 0 },
      ]}
      {...rest}
    />
  )
}

const meta = {
  title: 'Components/AdminTable',
  component: TagsTable,
  args: { onAdd: fn(), onEdit: fn(), onDelete: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof TagsTable>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

/** Each row's buttons name their row and hand it back; a button may be off for some rows. */
export const RowActions: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Refund' }))
    await expect(args.onEdit).toHaveBeenCalledWith(tags[1])
    await expect(canvas.getByRole('button', { name: 'Delete VIP' })).toBeDisabled()
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Follow-up' }))
    await expect(args.onDelete).toHaveBeenCalledWith(tags[2])
    await userEvent.click(canvas.getByRole('button', { name: 'Add tag' }))
    await expect(args.onAdd).toHaveBeenCalledTimes(1)
  },
}

/**
 * A table wider than a 390 px phone scrolls sideways under its actions column, which stays pinned at the
 * end: every row's buttons are on screen, and on top, without scrolling.
 */
export const PhoneActionsPinned: Story = {
  args: {
    columns: [
      { key: 'name', header: 'Name', cell: (tag) => tag.name, skeleton: 40 },
      {
        key: 'about',
        header: 'Description',
        cellProps: { whiteSpace: 'nowrap' },
        cell: (tag) => `${tag.name}: conversations marked by the team for a later look, with notes`,
        skeleton: 60,
      },
    ],
  },
  globals: { viewport: { value: 'phone' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const width = canvasElement.ownerDocument.documentElement.clientWidth
    for (const name of tags.flatMap((tag) => [`Edit ${tag.name}`, `Delete ${tag.name}`])) {
      const box = canvas.getByRole('button', { name }).getBoundingClientRect()
      await expect({ name, inView: box.left >= 0 && box.right <= width }).toEqual({ name, inView: true })
      const top = canvasElement.ownerDocument.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
      await expect(canvas.getByRole('button', { name }).contains(top)).toBe(true)
    }
  },
}

/** Without handlers: no add button, no actions column. */
export const ReadOnly: Story = {
  args: { onAdd: undefined, onEdit: undefined, onDelete: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).toBeNull()
    await expect(canvas.queryAllByRole('button')).toHaveLength(0)
  },
}

/** A search field in the toolbar, the add button at the end of its row, in a scrolling region. */
export const WithToolbar: Story = {
  args: {
    toolbar: <Input type="search" aria-label="Search tags" placeholder="Search" width="72" />,
    scroll: { label: 'Tags', maxHeight: '20rem', hasMore: true, onLoadMore: fn() },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Tags' })).toBeVisible()
  },
}

export const Loading: Story = {
  args: { rows: [], isLoading: true },
}

/** A next page on its way: skeleton rows under the loaded ones. */
export const LoadingMore: Story = {
  args: { isLoading: true, skeletonRows: 2 },
}

export const Empty: Story = {
  args: { rows: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No tags yet')).toBeVisible()
  },
}

export const LoadFailed: Story = {
  args: { rows: [], error: { code: 'ERR_INTERNAL' }, onReload: fn() },
  play: async ({ args, canvasElement }) => {
    const alert = within(canvasElement).getByRole('alert')
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await expect(args.onReload).toHaveBeenCalledTimes(1)
  },
}

export const Catalog: Story = {
  render: (args) => (
    <div style={{ display: 'grid', gap: '24px' }}>
      <TagsTable {...args} rows={tags.slice(0, 1)} />
      <TagsTable {...args} rows={[]} isLoading skeletonRows={2} />
      <TagsTable {...args} rows={[]} error={{ code: 'ERR_INTERNAL' }} />
      <TagsTable {...args} rows={[]} />
    </div>
  ),
}

export const Light: Story = {
  globals: { colorMode: 'light' },
}
