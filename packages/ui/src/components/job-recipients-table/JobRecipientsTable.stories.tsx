import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { type JobRecipient, JobRecipientsTable } from './JobRecipientsTable'

const recipients: JobRecipient[] = [
  {
    id: 1,
    address: '5511912345678@c.us',
    state: 'sent',
    providerId: '3EB0C767D26A1D5B5C4F',
    updatedAt: '2026-01-15T10:01:12.000Z',
  },
  {
    id: 2,
    address: '5521987654321@c.us',
    state: 'skipped',
    reason: 'optedOut',
    updatedAt: '2026-01-15T10:01:40.000Z',
  },
  {
    id: 3,
    address: '557187654321@c.us',
    state: 'uncertain',
    reason: 'interrupted',
    updatedAt: '2026-01-15T10:02:05.000Z',
  },
  {
    id: 4,
    address: '5511912345678@c.us',
    state: 'skipped',
    reason: 'duplicate',
    updatedAt: '2026-01-15T10:02:06.000Z',
  },
  { id: 5, address: '14155550123@c.us', state: 'sending', updatedAt: '2026-01-15T10:02:30.000Z' },
  { id: 6, address: '5531988887777@c.us', state: 'queued' },
  { id: 7, address: '5541977776666@c.us', state: 'failed', reason: 'Media upload rejected (413)' },
]

const counts = { all: 120, queued: 56, sending: 1, sent: 58, failed: 3, skipped: 1, uncertain: 1 }

const meta = {
  title: 'Components/JobRecipientsTable',
  component: JobRecipientsTable,
  args: { recipients, state: 'all', counts, onStateChange: fn(), onExport: fn(), onLoadMore: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof JobRecipientsTable>

export default meta
type Story = StoryObj<typeof meta>

/** Every state; the uncertain one is explained above the list. A reason without a message shows as sent. */
export const All: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Uncertain: may or may not have arrived; not sent again.')).toBeVisible()
    await expect(canvas.getByText('On the opt-out list')).toBeVisible()
    await expect(canvas.getByText('Media upload rejected (413)')).toBeVisible()
    // Numbers as people read them, not as the network addresses them.
    await expect(canvas.getAllByRole('cell', { name: '+55 11 91234-5678' })).toHaveLength(2)
    await expect(canvas.getByRole('cell', { name: '+55 71 8765-4321' })).toBeVisible()
    await expect(canvas.getByRole('cell', { name: '+14155550123' })).toBeVisible()
    await expect(canvas.queryByText(/@c\.us/)).toBeNull()
    await userEvent.click(canvas.getByRole('button', { name: 'Export CSV' }))
    await expect(args.onExport).toHaveBeenCalled()
  },
}

/** Choosing a state asks the page for that state's recipients. */
export const FilterByState: Story = {
  play: async ({ args, canvasElement }) => {
    const select = within(canvasElement).getByRole('combobox', { name: 'State' })
    await expect(within(select).getByRole('option', { name: 'Failed (3)' })).toBeInTheDocument()
    await userEvent.selectOptions(select, 'failed')
    await expect(args.onStateChange).toHaveBeenCalledWith('failed')
  },
}

/** Only the uncertain ones, with what "uncertain" means. */
export const Uncertain: Story = {
  args: { state: 'uncertain', recipients: recipients.filter((r) => r.state === 'uncertain') },
}

export const Loading: Story = {
  args: { recipients: [], isLoading: true },
}

export const Empty: Story = {
  args: { recipients: [], state: 'skipped', counts: { ...counts, skipped: 0 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No recipients in this state')).toBeVisible()
  },
}

export const LoadFailed: Story = {
  args: { recipients: [], error: { message: 'Network Error' }, onReload: fn() },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Retry' }))
    await expect(args.onReload).toHaveBeenCalled()
  },
}

export const Exporting: Story = {
  args: { isExporting: true },
}

export const Catalog: Story = {
  args: { recipients: recipients.slice(0, 4) },
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR', 'es'] },
      ],
    },
    // Every cell repeats the table's labelled scroll region; that is the matrix's doing, not the table's.
    a11y: { config: { rules: [{ id: 'landmark-unique', enabled: false }] } },
  },
}

/** An SMS job: each recipient's delivery as the provider reported it, with its error code when refused. */
export const SmsDeliveries: Story = {
  args: {
    counts: undefined,
    recipients: [
      { id: 1, address: '+14155550101', state: 'sent', delivery: 'delivered', providerId: 'SM0a1b2c3d4e5f' },
      { id: 2, address: '+14155550102', state: 'sent', delivery: 'sent', providerId: 'SM1b2c3d4e5f6a' },
      { id: 3, address: '+14155550103', state: 'sent', delivery: 'queued', providerId: 'SM2c3d4e5f6a7b' },
      {
        id: 4,
        address: '+14155550104',
        state: 'sent',
        delivery: 'undelivered',
        providerError: '30003',
        providerId: 'SM3d4e5f6a7b8c',
      },
      { id: 5, address: '+14155550105', state: 'failed', delivery: 'failed', providerError: '21608' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Delivered')).toBeVisible()
    await expect(canvas.getByText('Undelivered · Provider error 30003')).toBeVisible()
    await expect(canvas.getByText('Failed · Provider error 21608')).toBeVisible()
  },
}

/** A voice job: each call's outcome, and how long an answered one lasted. */
export const CallOutcomes: Story = {
  args: {
    counts: undefined,
    recipients: [
      { id: 1, address: '+14155550101', state: 'sent', callOutcome: 'completed', callDuration: 42 },
      { id: 2, address: '+14155550102', state: 'sent', callOutcome: 'busy' },
      { id: 3, address: '+14155550103', state: 'sent', callOutcome: 'no-answer' },
      { id: 4, address: '+14155550104', state: 'failed', callOutcome: 'failed', providerError: '13224' },
      { id: 5, address: '+14155550105', state: 'sent', callOutcome: 'canceled' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Answered · 42 seconds')).toBeVisible()
    await expect(canvas.getByText('No answer')).toBeVisible()
    await expect(canvas.getByText('Failed · Provider error 13224')).toBeVisible()
  },
}
