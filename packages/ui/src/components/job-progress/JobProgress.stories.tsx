import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, within } from 'storybook/test'
import { JobProgress, type OutreachJob } from './JobProgress'

const running: OutreachJob = {
  id: 42,
  kind: 'bulkText',
  status: 'running',
  total: 120,
  sent: 61,
  failed: 2,
  skipped: 1,
  uncertain: 0,
  createdAt: '2026-01-15T10:00:00.000Z',
  estimatedEndAt: '2026-01-15T11:05:00.000Z',
  connectionId: 1,
}

const meta = {
  title: 'Components/JobProgress',
  component: JobProgress,
  args: { job: running, onPause: fn(), onResume: fn(), onCancel: fn(), onRetryFailed: fn() },
  tags: ['autodocs'],
} satisfies Meta<typeof JobProgress>

export default meta
type Story = StoryObj<typeof meta>

const button = (canvasElement: HTMLElement, name: string) => within(canvasElement).getByRole('button', { name })

/**
 * Running: 61 sent of the 119 messages the job sends (120 lines, 1 left out without a send, as the form's
 * estimate announced); the bar shows every recipient dealt with. Pause and cancel.
 */
export const Running: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Sent messages: 61 / 119')).toBeVisible()
    await expect(canvas.getByRole('progressbar', { name: 'Progress of job 42' })).toHaveAttribute('aria-valuenow', '53')
    await expect(canvas.getByText('Done around 11:05')).toBeVisible()
    await expect(within(canvasElement).queryByRole('button', { name: 'Resume' })).toBeNull()
    await expect(within(canvasElement).queryByRole('button', { name: 'Retry failed' })).toBeNull()
    await userEvent.click(button(canvasElement, 'Pause'))
    await expect(args.onPause).toHaveBeenCalledWith(running)
  },
}

/** Scheduled and not started: the day and time it starts (today's story clock is 15/01/2026 10:30 UTC). */
export const Queued: Story = {
  args: {
    job: { ...running, status: 'queued', sent: 0, failed: 0, skipped: 0, startAt: '2026-01-15T18:00:00.000Z' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Starts today at 18:00')).toBeVisible()
  },
}

/** Scheduled for another day: the date as well as the time, in the person's language. */
export const QueuedLater: Story = {
  args: {
    job: { ...running, status: 'queued', sent: 0, failed: 0, skipped: 0, startAt: '2026-01-20T10:00:00.000Z' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Starts on 20/01/2026 at 10:00')).toBeVisible()
  },
}

/** Scheduled for tomorrow, in Portuguese. */
export const QueuedTomorrow: Story = {
  args: {
    job: { ...running, status: 'queued', sent: 0, failed: 0, skipped: 0, startAt: '2026-01-16T09:00:00.000Z' },
  },
  globals: { locale: 'pt-BR' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Começa amanhã às 09:00')).toBeVisible()
  },
}

/** Paused by the server because the connection dropped: the reason, and Resume. */
export const PausedDisconnected: Story = {
  args: { job: { ...running, status: 'paused', pauseReason: 'disconnected' } },
  play: async ({ args, canvasElement }) => {
    await expect(within(canvasElement).getByText(/the connection is disconnected/)).toBeVisible()
    await expect(within(canvasElement).queryByRole('button', { name: 'Pause' })).toBeNull()
    await userEvent.click(button(canvasElement, 'Resume'))
    await expect(args.onResume).toHaveBeenCalled()
  },
}

export const PausedFailuresInARow: Story = {
  args: { job: { ...running, status: 'paused', failed: 12, pauseReason: 'failures' } },
}

/** A reason this version does not know reads "Paused." */
export const PausedUnknownReason: Story = {
  args: { job: { ...running, status: 'paused', pauseReason: 'somethingNew' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Paused.')).toBeVisible()
  },
}

/** Done with failures: only "Retry failed" is left; no Cancel on a finished job. */
/** An SMS job says the segments it sends beside its counter. */
export const SmsJob: Story = {
  args: { job: { ...running, kind: 'sms', total: 20, sent: 7, failed: 0, skipped: 0, segments: 40 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Sent messages: 7 / 20 · 40 segments')).toBeVisible()
  },
}

/** A voice job counts the calls made. */
export const VoiceCalls: Story = {
  args: { job: { ...running, kind: 'voiceCall', total: 20, sent: 7, failed: 0, skipped: 0 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Calls made: 7 / 20')).toBeVisible()
  },
}

export const Done: Story = {
  args: { job: { ...running, status: 'done', sent: 114, failed: 4, skipped: 2, estimatedEndAt: null } },
  play: async ({ args, canvasElement }) => {
    await expect(within(canvasElement).getByText('Sent messages: 114 / 118')).toBeVisible()
    await expect(within(canvasElement).queryByRole('button', { name: 'Cancel' })).toBeNull()
    await expect(within(canvasElement).getAllByRole('button')).toHaveLength(1)
    await userEvent.click(button(canvasElement, 'Retry failed'))
    await expect(args.onRetryFailed).toHaveBeenCalled()
  },
}

/**
 * Nine lines, one of them a repeat: the form announced 8 recipients, and the finished job says 8 of 8
 * (not 9 / 9, which counted the repeat as a message).
 */
export const RepeatLeftOut: Story = {
  args: { job: { ...running, status: 'done', total: 9, sent: 8, failed: 0, skipped: 1, estimatedEndAt: null } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Sent messages: 8 / 8')).toBeVisible()
  },
}

/** Sends whose outcome is unknown count as dealt with; they are not sent again. */
export const WithUncertain: Story = {
  args: { job: { ...running, status: 'done', sent: 110, failed: 0, skipped: 2, uncertain: 8 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull()
  },
}

export const Failed: Story = {
  args: { job: { ...running, status: 'failed', error: 'The connection was deleted.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Stopped: The connection was deleted.')).toBeVisible()
  },
}

/** Cancelled: nothing left to do, so no buttons. */
export const Cancelled: Story = {
  args: { job: { ...running, status: 'cancelled', failed: 0 } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull()
  },
}

/** Cancel asks first; only the confirmation cancels. */
export const CancelConfirm: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(button(canvasElement, 'Cancel'))
    const dialog = within(await within(canvasElement.ownerDocument.body).findByRole('alertdialog'))
    await expect(dialog.getByText('Cancel job 42?')).toBeVisible()
    await expect(args.onCancel).not.toHaveBeenCalled()
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel job' }))
    await expect(args.onCancel).toHaveBeenCalledWith(running)
  },
}

/** A pause on its way: its button spins, the others wait. */
export const Pausing: Story = {
  args: { pendingAction: 'pause' },
}

/** Without handlers (an agent watching a colleague's job): no buttons. */
export const ReadOnly: Story = {
  args: { onPause: undefined, onResume: undefined, onCancel: undefined, onRetryFailed: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button')).toBeNull()
  },
}

export const Catalog: Story = {
  args: { job: { ...running, status: 'paused', pauseReason: 'disconnected' } },
  parameters: {
    catalog: {
      columns: 3,
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR', 'es'] },
      ],
    },
  },
}
