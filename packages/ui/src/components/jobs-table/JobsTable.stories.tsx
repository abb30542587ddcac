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
    await expect(c.queryByRole('button', { name: 'Pause job 46' })).toBeNull()
    await expect(c.getByRole('button', { name: 'Retry the failed recipients of job 45' })).toBeEnabled()
    // A finished job (done, failed, cancelled) offers no Cancel, and no pause or resume either.
    for (const id of [45, 44, 43]) {
      await expect(c.queryByRole('button', { name: `Cancel job ${id}` })).toBeNull()
      await expect(c.queryByRole('button', { name: `Pause job ${id}` })).toBeNull()
      await expect(c.queryByRole('button', { name: `Resume job ${id}` })).toBeNull()
    }
    await expect(c.getByRole('button', { name: 'Cancel job 46' })).toBeEnabled()
    await expect(c.queryByRole('button', { name: 'Retry the failed recipients of job 47' })).toBeNull()
    await expect(c.getByText('64 / 120')).toBeVisible()
    await expect(c.getByText(/the connection is disconnected/)).toBeVisible()
    await userEvent.click(c.getByRole('button', { name: 'Pause job 47' }))
    await expect(args.onPause).toHaveBeenCalledWith(jobs[1])
  },
}

/** An icon says what it does on hover and on keyboard focus. */
export const ActionTooltips: Story = {
  play: async ({ canvasElement }) => {
    const c = canvas(canvasElement)
    const body = within(canvasElement.ownerDocument.body)
    c.getByRole('button', { name: 'Details of job 47' }).focus()
    await userEvent.tab()
    await expect(c.getByRole('button', { name: 'Pause job 47' })).toHaveFocus()
    await expect(await body.findByRole('tooltip')).toHaveTextContent('Pause job 47')
    await userEvent.tab({ shift: true })
    await userEvent.hover(c.getByRole('button', { name: 'Retry the failed recipients of job 45' }))
    await expect(await body.findByRole('tooltip', {}, { timeout: 3000 })).toHaveTextContent(
      'Retry the failed recipients of job 45',
    )
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

/** The scheduled list: each job's start date and time; only a job that has not started can have its start moved. */
export const Reschedule: Story = {
  args: {
    jobs: [
      jobs[0],
      { ...jobs[0], id: 49, startAt: '2026-01-16T09:30:00.000Z' },
      { ...jobs[0], id: 50, startAt: '2026-02-03T14:00:00.000Z' },
      jobs[1],
    ],
    onReschedule: fn(),
    scheduled: true,
  },
  play: async ({ args, canvasElement }) => {
    const c = canvas(canvasElement)
    await expect(c.getByRole('columnheader', { name: 'Starts' })).toBeVisible()
    await expect(c.getByRole('cell', { name: 'Today 18:00' })).toBeVisible()
    await expect(c.getByRole('cell', { name: 'Tomorrow 09:30' })).toBeVisible()
    await expect(c.getByRole('cell', { name: '03/02/2026 14:00' })).toBeVisible()
    await expect(c.queryByRole('button', { name: 'Change the start of job 47' })).toBeNull()
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

/** The scheduled list with nothing waiting speaks of scheduled sends, not of every job. */
export const ScheduledEmpty: Story = {
  args: { jobs: [], scheduled: true, onReschedule: fn() },
  play: async ({ canvasElement }) => {
    await expect(canvas(canvasElement).getByText('No scheduled sends')).toBeVisible()
    await expect(canvas(canvasElement).queryByText('No jobs yet')).toBeNull()
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
