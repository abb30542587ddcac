import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import type { OutreachJob } from '../job-progress/JobProgress'
import { OutreachJobs } from './OutreachJobs'

const running: OutreachJob = {
  id: 42,
  kind: 'bulkText',
  status: 'running',
  total: 40,
  sent: 12,
  failed: 0,
  skipped: 0,
  uncertain: 0,
  createdAt: '2026-01-15T10:00:00.000Z',
  connectionId: 1,
}

const meta = {
  title: 'Components/OutreachJobs',
  component: OutreachJobs,
  args: { jobs: [running], jobHref: (job) => `/jobs/${job.id}`, onNavigate: fn(), onPause: fn(), onCancel: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof OutreachJobs>

export default meta
type Story = StoryObj<typeof meta>

/** One job under way: its live counter and the link to its page. */
export const Running: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Sent messages: 12 / 40')).toBeVisible()
    await userEvent.click(canvas.getByRole('link', { name: 'Open job 42' }))
    await expect(args.onNavigate).toHaveBeenCalledWith('/jobs/42')
  },
}

/** The one just sent, done, above another still paused. */
export const Several: Story = {
  args: {
    jobs: [
      { ...running, id: 43, status: 'done', sent: 40 },
      { ...running, status: 'paused', pauseReason: 'disconnected' },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const [inProgress, finished] = canvas.getAllByRole('region')
    await expect(within(inProgress).getByRole('heading', { name: 'In progress' })).toBeVisible()
    await expect(within(inProgress).getByRole('link', { name: 'Open job 42' })).toBeVisible()
    await expect(within(finished).getByRole('heading', { name: 'Finished' })).toBeVisible()
    await expect(within(finished).getByRole('link', { name: 'Open job 43' })).toBeVisible()
    await expect(within(finished).queryByRole('button', { name: 'Cancel' })).toBeNull()
  },
}

/** Nothing under way: nothing is drawn. */
export const Empty: Story = {
  // Nothing to see (a test, not a design): left out of the sidebar and the docs.
  tags: ['!dev', '!autodocs'],
  args: { jobs: [] },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('section')).toBeNull()
  },
}

/** A history import that has ended: under "Finished", counted in conversations, with nothing left to cancel. */
export const ImportFinished: Story = {
  args: {
    jobs: [{ ...running, id: 44, kind: 'syncMessage', status: 'done', total: 2, sent: 1, skipped: 1 }],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('heading', { name: 'Finished' })).toBeVisible()
    await expect(canvas.queryByRole('heading', { name: 'In progress' })).toBeNull()
    await expect(canvas.getByText('Conversations imported: 2 / 2')).toBeVisible()
    await expect(canvas.getByText('With new messages')).toBeVisible()
    await expect(canvas.getByText('Already imported')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Cancel' })).toBeNull()
  },
}
