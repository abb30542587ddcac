import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ContactDrawer } from '../contact-drawer/ContactDrawer'
import type { TagChipTag } from '../tag-chip/TagChip'
import { TagEditor } from './TagEditor'

const catalogue = [
  { id: 1, tag: 'Late payer', color: '#d32f2f' },
  { id: 2, tag: 'New', color: '#2e7d32' },
  { id: 3, tag: 'VIP', color: '#ffaa00' },
]

const meta = {
  title: 'Components/TagEditor',
  component: TagEditor,
  args: {
    tags: [catalogue[2]!, catalogue[1]!],
    catalogue,
    contactName: 'Marina Costa',
    editable: true,
    onChange: fn(),
  },
  decorators: [(Story) => <div style={{ width: 288 }}>{Story()}</div>],
  tags: ['autodocs'],
} satisfies Meta<typeof TagEditor>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

/** Adding from the select and removing a chip each hand back the whole new set. */
export const AddAndRemove: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Add a tag' }), 'Late payer')
    await expect(args.onChange).toHaveBeenLastCalledWith(['VIP', 'New', 'Late payer'])
    await userEvent.click(canvas.getByRole('button', { name: 'Remove VIP' }))
    await expect(args.onChange).toHaveBeenLastCalledWith(['New'])
  },
}

/** Reset removes every tag, after a confirmation. */
export const Reset: Story = {
  play: async ({ args, canvasElement }) => {
    const reset = within(canvasElement).getByRole('button', { name: 'Reset' })
    await userEvent.click(reset)
    const body = within(canvasElement.ownerDocument.body)
    const dialog = within(await body.findByRole('alertdialog'))
    await expect(dialog.getByText('Marina Costa loses all their tags.')).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Reset' }))
    await expect(args.onChange).toHaveBeenCalledWith([])
    // The dialog gone and the focus back on the button that opened it (a moment after closing), as pictured.
    await waitFor(() => expect(body.queryByRole('alertdialog')).toBeNull())
    await waitFor(() => expect(reset).toHaveFocus())
  },
}

/** On a closed ticket the tags are shown without buttons. */
export const ReadOnly: Story = {
  args: { editable: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryAllByRole('button')).toHaveLength(0)
    await expect(canvas.queryByRole('combobox')).toBeNull()
  },
}

export const NoTags: Story = { args: { tags: [] } }
export const EmptyCatalogue: Story = { args: { tags: [], catalogue: [] } }
export const Loading: Story = { args: { tags: undefined } }
export const LoadFailed: Story = {
  args: { tags: undefined, error: { code: 'ERR_INTERNAL' }, onRetry: fn() },
}

/** In the contact drawer, kept as the editor's state: a chosen tag shows at once. */
export const InContactDrawer: Story = {
  render: function Render(args) {
    const [tags, setTags] = useState<TagChipTag[]>(args.tags ?? [])
    return (
      <div style={{ height: 560, display: 'flex' }}>
        <ContactDrawer
          open
          onClose={() => {}}
          contact={{ name: 'Marina Costa', number: '5511912345678', email: 'marina@example.com' }}
          tags={
            <TagEditor
              {...args}
              tags={tags}
              onChange={(names) => setTags(catalogue.filter((tag) => names.includes(tag.tag)))}
            />
          }
        />
      </div>
    )
  },
  decorators: [(Story) => <div>{Story()}</div>],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Add a tag' }), 'Late payer')
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Remove Late payer' })).toBeVisible())
  },
}

/** Editable, read-only, empty and loading, in both colour modes, in English and Portuguese. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR'] },
      ],
    },
  },
  render: (args) => (
    <div style={{ display: 'grid', gap: '24px' }}>
      <TagEditor {...args} />
      <TagEditor {...args} editable={false} />
      <TagEditor {...args} tags={[]} />
      <TagEditor {...args} tags={undefined} />
    </div>
  ),
}
