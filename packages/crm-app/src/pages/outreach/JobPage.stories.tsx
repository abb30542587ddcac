import { handlers, mockDb } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { serverChangesJob, settle, withApp } from '../../stories/withApp'
import { JobPage } from './JobPage'

const meta = {
  title: 'Pages/Outreach/Job',
  component: JobPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/jobs/501', route: '/jobs/:id', socket: true }, msw: { handlers } },
} satisfies Meta<typeof JobPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** A running job: its counter, and its recipients (numbers as people read them) with their state and reason. */
export const Running: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByText('Sent messages: 58 / 119')).toBeVisible()
    await expect(await page.findByText('The server stopped during the send: it may have gone out')).toBeVisible()
    await expect(page.getByText('Repeated in the list')).toBeVisible()
    await expect(page.getByRole('cell', { name: '+55 11 98765-4321' })).toBeVisible()
    await expect(page.getByRole('cell', { name: '+55 71 8765-4321' })).toBeVisible()
    await expect(page.queryByText(/@c\.us/)).toBeNull()
  },
}

/** The counter follows the server's progress events. */
export const Live: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Sent messages: 58 / 119')
    const job = mockDb.jobs.find((j) => j.id === 501)
    if (!job) throw new Error('fixture job 501')
    await serverChangesJob(job, { sent: 70 })
    await waitFor(() => expect(page.getByText('Sent messages: 70 / 119')).toBeVisible())
  },
}

/** Pausing says why it is paused. */
export const Pause: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Sent messages: 58 / 119')
    await userEvent.click(page.getByRole('button', { name: 'Pause' }))
    await expect(await page.findByText('Paused by hand.')).toBeVisible()
    await settle()
  },
}
