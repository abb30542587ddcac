import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { QuickAnswersTable } from './QuickAnswersTable'

const SAMPLES = [
  ['hello', '{{ms}}, {{name}}! My name is {{user}}, how can I help you today?'],
  ['hours', 'We are open Monday to Friday, from 8:00 to 18:00, and on Saturdays until noon.'],
  ['thanks', 'Thank you for contacting us, {{name}}. Your ticket number is {{ticket_id}}.'],
  ['address', 'Our store is at Rua das Flores, 123, Santos.'],
]
const many = Array.from({ length: 30 }, (_, i) => ({
  id: i + 1,
  shortcut: i < SAMPLES.length ? SAMPLES[i][0] : `${SAMPLES[i % SAMPLES.length][0]}${i + 1}`,
  message: SAMPLES[i % SAMPLES.length][1],
}))
const few = many.slice(0, 4)

const meta = {
  title: 'Components/QuickAnswersTable',
  component: QuickAnswersTable,
  args: {
    quickAnswers: few,
    search: '',
    onSearchChange: fn(),
    onAdd: fn(),
    onEdit: fn(),
    onDelete: fn(),
    onLoadMore: fn(),
    maxHeight: '420px',
  },
  tags: ['autodocs'],
} satisfies Meta<typeof QuickAnswersTable>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Actions: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Edit hours' }))
    await expect(args.onEdit).toHaveBeenCalledWith(few[1])
    await userEvent.click(canvas.getByRole('button', { name: 'Delete thanks' }))
    await expect(args.onDelete).toHaveBeenCalledWith(few[2])
    await userEvent.click(canvas.getByRole('button', { name: 'Add quick answer' }))
    await expect(args.onAdd).toHaveBeenCalledTimes(1)
  },
}

export const Search: Story = {
  args: { search: 'hel' },
  play: async ({ args, canvasElement }) => {
    const box = within(canvasElement).getByRole('searchbox', { name: 'Search quick answers' })
    await userEvent.type(box, 'l')
    await expect(args.onSearchChange).toHaveBeenCalledWith('hell')
  },
}

/** Scrolling to within 100 px of the bottom asks for the next page; farther up it does not. */
export const InfiniteScroll: Story = {
  args: { quickAnswers: many, hasMore: true },
  play: async ({ args, canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'Quick answers' })
    region.scrollTop = region.scrollHeight - region.clientHeight - 250
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(args.onLoadMore).not.toHaveBeenCalled()
    region.scrollTop = region.scrollHeight - region.clientHeight - 60
    await waitFor(() => expect(args.onLoadMore).toHaveBeenCalledTimes(1))
  },
}

export const Loading: Story = {
  args: { quickAnswers: [], isLoading: true },
}

export const LoadingNextPage: Story = {
  args: { quickAnswers: few, isLoading: true, hasMore: true },
}

export const Empty: Story = {
  args: { quickAnswers: [], search: 'zzz' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No quick answers found')).toBeVisible()
  },
}

/** Long messages show their first two lines. */
export const LongMessage: Story = {
  args: {
    quickAnswers: [
      {
        id: 1,
        shortcut: 'refund-policy-for-orders-paid-by-bank-transfer',
        message: `Refunds are made to the account that paid the order.\n${'Please allow up to ten working days. '.repeat(20)}`,
      },
    ],
  },
}

/** The catalogue in both colour modes and in English and Spanish: one matrix, one picture. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'es'] },
      ],
    },
    // Every cell repeats the table's labelled scroll region; that is the matrix's doing, not the table's.
    a11y: { config: { rules: [{ id: 'landmark-unique', enabled: false }] } },
  },
  render: (args) => (
    <div style={{ display: 'grid', gap: '24px' }}>
      <QuickAnswersTable {...args} label="Loaded" />
      <QuickAnswersTable {...args} label="Loading the next page" quickAnswers={few.slice(0, 1)} isLoading />
      <QuickAnswersTable {...args} label="Empty" quickAnswers={[]} />
    </div>
  ),
}
