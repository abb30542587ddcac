import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { JobsTable, type JobsTableJob } from './JobsTable'

const at = (minutesAgo: number) => new Date(Date.parse('2026-01-15T10:30:00Z') - minutesAgo * 60_000).toISOString()

const jobs: JobsTableJob[] = [
  {
    id: 48,
    kind: 'bulkText',
    status: 'queued',
    total: 30,
    sent: 0,
    failed: 0,
    createdAt: at(1),
    connectionId: 1,
    connectionName: 'Main line',
    startAt: '2026-01-15T18:00:00.000Z',
  },
  {
    id: 47,
    kind: 'bulkFile',
    status: 'running',
    total: 120,
    sent: 61,
    failed: 2,
    skipped: 1,
    uncertain: 0,
    createdAt: at(20),
    connectionId: 1,
    connectionName: 'Main line',
  },
  {
    id: 46,
    kind: 'bulkAudio',
    status: 'paused',
    total: 80,
    sent: 30,
    failed: 5,
    skipped: 0,
    uncertain: 1,
    pauseReason: 'disconnected',
    createdAt: at(90),
    connectionId: 3,
    connectionName: 'Campaigns',
  },
  {
    id: 45,
    kind: 'bulkMedia',
    status: 'done',
    total: 30,
    sent: 27,
    failed: 2,
    skipped: 1,
    uncertain: 0,
    createdAt: at(60 * 5),
    connectionId: 3,
    connectionName: 'Campaigns',
  },
  {
    id: 44,
    kind: 'syncMessage',
    status: 'failed',
    total: 1,
    sent: 0,
    failed: 1,
    error: 'The connection was deleted.',
    createdAt: at(60 * 26),
    connectionId: 9,
  },
  {
    id: 43,
    kind: 'schedule',
    status: 'cancelled',
    total: 12,
    sent: 4,
    failed: 0,
    skipped: 0,
    uncertain: 0,
    createdAt: at(60 * 50),
    connectionId: null,
  },
]

const meta = {
  title: 'Components/JobsTable',
  component: JobsTable,
  args: { jobs, onDetails: fn(), onPause: fn(), onResume: fn(), onCancel: fn(), onRetryFailed: fn(), onLoadMore: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof JobsTable>

export default meta
type Story = StoryObj<typeof meta>

const canvas = (canvasElement: HTMLElement) => within(canvasElement)

/** Every status, with the actions each allows. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const c = canvas(canvasElement)
    await expect(c.getByRole('button', { name: 'Resume job 46' })).toBeEnabled()
    await expect(c.getByRole('button', { name: 'Pause job 46' })).toBeDisabled()
    await expect(c.getByRole('button', { name: 'Cancel job 45' })).toBeDisabled()
    await expect(c.getByRole('button', { name: 'Retry the failed recipients of job 45' })).toBeEnabled()
    await expect(c.getByText('64 / 120')).toBeVisible()
    await expect(c.getByText(/the connection is disconnected/)).toBeVisible()
    await userEvent.click(c.getByRole('button', { name: 'Pause job 47' }))
    await expect(args.onPause).toHaveBeenCalledWith(jobs[1])
  },
}

/** The kind and the eye both open the job. */
export const Details: Story = {
  play: async ({ args, canvasElement }) => {
    const c = canvas(canvasElement)
    await userEvent.click(c.getByRole('button', { name: 'Bulk files' }))
    await expect(args.onDetails).toHaveBeenCalledWith(jobs[1])
    await userEvent.click(c.getByRole('button', { name: 'Details of job 45' }))
    await expect(args.onDetails).toHaveBeenCalledWith(jobs[3])
  },
}

/** Cancelling from a row asks first. */
export const CancelConfirm: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(canvas(canvasElement).getByRole('button', { name: 'Cancel job 47' }))
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('alertdialog'))
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel job' }))
    await expect(args.onCancel).toHaveBeenCalledWith(jobs[1])
  },
}

/** The scheduled list: only a job that has not started can have its start moved. */
export const Reschedule: Story = {
  args: { jobs: jobs.slice(0, 2), onReschedule: fn() },
  play: async ({ args, canvasElement }) => {
    const c = canvas(canvasElement)
    await expect(c.getByRole('button', { name: 'Change the start of job 47' })).toBeDisabled()
    await userEvent.click(c.getByRole('button', { name: 'Change the start of job 48' }))
    await expect(args.onReschedule).toHaveBeenCalledWith(jobs[0])
  },
}

export const Loading: Story = {
  args: { jobs: [], isLoading: true },
}

export const Empty: Story = {
  args: { jobs: [] },
  play: async ({ canvasElement }) => {
    await expect(canvas(canvasElement).getByText('No jobs yet')).toBeVisible()
  },
}

export const LoadFailed: Story = {
  args: { jobs: [], error: { code: 'ERR_NO_PERMISSION' }, onReload: fn() },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(canvas(canvasElement).getByRole('button', { name: 'Retry' }))
    await expect(args.onReload).toHaveBeenCalled()
  },
}

/** An agent's view without actions: the list only. */
export const ReadOnly: Story = {
  args: {
    onDetails: undefined,
    onPause: undefined,
    onResume: undefined,
    onCancel: undefined,
    onRetryFailed: undefined,
  },
  play: async ({ canvasElement }) => {
    await expect(canvas(canvasElement).queryByRole('columnheader', { name: 'Actions' })).toBeNull()
  },
}

export const Catalog: Story = {
  args: { jobs: jobs.slice(1, 4) },
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
