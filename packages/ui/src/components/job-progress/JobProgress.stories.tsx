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

/** Running: the counter counts every recipient dealt with (61 sent + 2 failed + 1 skipped); pause and cancel. */
export const Running: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Sent messages: 64 / 120')).toBeVisible()
    await expect(canvas.getByRole('progressbar', { name: 'Progress of job 42' })).toHaveAttribute('aria-valuenow', '53')
    await expect(canvas.getByText('Done around 11:05')).toBeVisible()
    await expect(button(canvasElement, 'Resume')).toBeDisabled()
    await expect(button(canvasElement, 'Retry failed')).toBeDisabled()
    await userEvent.click(button(canvasElement, 'Pause'))
    await expect(args.onPause).toHaveBeenCalledWith(running)
  },
}

/** Scheduled and not started: when it starts. */
export const Queued: Story = {
  args: {
    job: { ...running, status: 'queued', sent: 0, failed: 0, skipped: 0, startAt: '2026-01-15T18:00:00.000Z' },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Starts at 18:00')).toBeVisible()
  },
}

/** Paused by the server because the connection dropped: the reason, and Resume. */
export const PausedDisconnected: Story = {
  args: { job: { ...running, status: 'paused', pauseReason: 'disconnected' } },
  play: async ({ args, canvasElement }) => {
    await expect(within(canvasElement).getByText(/the connection is disconnected/)).toBeVisible()
    await expect(button(canvasElement, 'Pause')).toBeDisabled()
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

/** Done with failures: only "Retry failed" is left. */
export const Done: Story = {
  args: { job: { ...running, status: 'done', sent: 114, failed: 4, skipped: 2, estimatedEndAt: null } },
  play: async ({ args, canvasElement }) => {
    await expect(within(canvasElement).getByText('Sent messages: 120 / 120')).toBeVisible()
    await expect(button(canvasElement, 'Cancel')).toBeDisabled()
    await userEvent.click(button(canvasElement, 'Retry failed'))
    await expect(args.onRetryFailed).toHaveBeenCalled()
  },
}

/** Sends whose outcome is unknown count as dealt with; they are not sent again. */
export const WithUncertain: Story = {
  args: { job: { ...running, status: 'done', sent: 110, failed: 0, skipped: 2, uncertain: 8 } },
  play: async ({ canvasElement }) => {
    await expect(button(canvasElement, 'Retry failed')).toBeDisabled()
  },
}

export const Failed: Story = {
  args: { job: { ...running, status: 'failed', error: 'The connection was deleted.' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Stopped: The connection was deleted.')).toBeVisible()
  },
}

export const Cancelled: Story = {
  args: { job: { ...running, status: 'cancelled', failed: 0 } },
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
