import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { QueuesTable } from './QueuesTable'

const queues = [
  { id: 1, name: 'Sales', color: '#84cc16', greetingMessage: 'Welcome to sales! How can we help?' },
  { id: 2, name: 'Support', color: '#0ea5e9', greetingMessage: null },
  {
    id: 3,
    name: 'Billing',
    color: '#f97316',
    greetingMessage:
      'Hello! This is the billing team.\nPlease have your invoice number at hand: it starts with INV and is printed at the top of every invoice we send.',
  },
]

const meta = {
  title: 'Components/QueuesTable',
  component: QueuesTable,
  args: { queues, onAdd: fn(), onEdit: fn(), onDelete: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof QueuesTable>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Actions: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Edit Support' }))
    await expect(args.onEdit).toHaveBeenCalledWith(queues[1])
    await userEvent.click(canvas.getByRole('button', { name: 'Delete Billing' }))
    await expect(args.onDelete).toHaveBeenCalledWith(queues[2])
    await userEvent.click(canvas.getByRole('button', { name: 'Add queue' }))
    await expect(args.onAdd).toHaveBeenCalledTimes(1)
  },
}

/** Without add, edit and delete handlers there are no buttons and no actions column. */
export const ReadOnly: Story = {
  args: { onAdd: undefined, onEdit: undefined, onDelete: undefined },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.queryByRole('columnheader', { name: 'Actions' })).toBeNull()
    await expect(canvas.queryAllByRole('button')).toHaveLength(0)
  },
}

export const Loading: Story = {
  args: { queues: [], isLoading: true },
}

export const Empty: Story = {
  args: { queues: [] },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No queues yet')).toBeVisible()
  },
}

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
      <QueuesTable {...args} />
      <QueuesTable {...args} queues={queues.slice(0, 1)} isLoading />
      <QueuesTable {...args} queues={[]} />
    </div>
  ),
}
