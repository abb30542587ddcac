import { handlers, mockDb } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { BulkSendPage } from './BulkSendPage'
import { ImportHistoryPage } from './ImportHistoryPage'
import { SchedulePage } from './SchedulePage'

/** The other sending pages: media by URL, files and audio by path (with upload), history import, schedules. */
const meta = {
  title: 'Pages/Outreach/Other sends',
  component: BulkSendPage,
  decorators: [withApp],
  args: { variant: 'media', now: '2026-01-15T10:30:00.000Z' },
  parameters: { layout: 'fullscreen', app: { path: '/ZDGMedia' }, msw: { handlers } },
} satisfies Meta<typeof BulkSendPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** /ZDGMedia: a URL and a title; the scheduled media job waits under the form. */
export const Media: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('link', { name: 'Open job 503' })).toBeVisible()
    await expect(page.getByRole('textbox', { name: /URL/ })).toBeVisible()
  },
}

/** /ZDGMedia2: a file uploaded into the outreach folder fills the path, then the send makes a job. */
export const FileUploadAndSend: Story = {
  args: { variant: 'file' },
  parameters: { app: { path: '/ZDGMedia2' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const input = canvasElement.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')
    if (!input) throw new Error('no file input')
    await userEvent.upload(input, new File(['%PDF-1.4'], 'price-list.pdf', { type: 'application/pdf' }))
    await waitFor(() => expect(page.getByRole('textbox', { name: /Path/ })).toHaveValue('price-list.pdf'))
    await userEvent.type(page.getByRole('textbox', { name: /Numbers/ }), '5511987650001')
    await userEvent.type(page.getByRole('combobox', { name: /Dispatch ID/ }), '1')
    await userEvent.type(page.getByRole('spinbutton', { name: /Minimum interval/ }), '0')
    await userEvent.type(page.getByRole('spinbutton', { name: /Maximum interval/ }), '1')
    await userEvent.click(page.getByRole('button', { name: 'Send' }))
    await expect(await page.findByText('Sent messages: 0 / 1')).toBeVisible()
    await expect(mockDb.jobs[0]?.kind).toBe('bulkFile')
    await settle()
  },
}

/** /ZDGMedia3: the audio page. */
export const Audio: Story = {
  args: { variant: 'audio' },
  parameters: { app: { path: '/ZDGMedia3' } },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('Only the .OGG format is recommended.')).toBeVisible()
  },
}

/** /ZDGHistorico: the import form. */
export const ImportHistory: Story = {
  render: () => <ImportHistoryPage />,
  parameters: { app: { path: '/ZDGHistorico' } },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('button', { name: 'Import' })).toBeVisible()
  },
}

/**
 * /ZDGAgendamento: the jobs waiting for their start, each with its start date and time, and the seed's date
 * form, which says it starts now what was scheduled for that day and, once sent, how many it started.
 */
export const Schedule: Story = {
  render: () => <SchedulePage />,
  parameters: { app: { path: '/ZDGAgendamento' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('button', { name: 'Details of job 503' })).toBeVisible()
    await expect(page.getByRole('columnheader', { name: 'Starts' })).toBeVisible()
    await expect(page.getByRole('cell', { name: 'Tomorrow 09:00' })).toBeVisible()
    await expect(page.getByText(/Starts now the sends this connection has scheduled for the chosen day/)).toBeVisible()
    await userEvent.type(page.getByRole('textbox', { name: /Send date/ }), '16012026')
    await userEvent.type(page.getByRole('combobox', { name: /Dispatch ID/ }), '1')
    await userEvent.click(page.getByRole('button', { name: 'Start now' }))
    await expect(
      await page.findByText('Started 1 send scheduled for that day. Follow it in the jobs list.'),
    ).toBeVisible()
    await settle()
  },
}

/** /ZDGAgendamento: a scheduled job's start moved from its row; the list shows the new start. */
export const Reschedule: Story = {
  render: () => <SchedulePage />,
  parameters: { app: { path: '/ZDGAgendamento' } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Change the start of job 503' }))
    const dialog = within(await page.findByRole('dialog'))
    const field = dialog.getByLabelText(/New start/)
    await waitFor(() => expect(field).toHaveValue('16/01/2026 09:00'))
    await userEvent.clear(field)
    await userEvent.type(field, '17/01/2026 08:30')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await expect(mockDb.jobs.find((j) => j.id === 503)?.startAt).toBe(new Date('2026-01-17T08:30').toISOString())
    await expect(await page.findByRole('cell', { name: /^17\/01\/2026 \d\d:\d\d$/ })).toBeVisible()
    await settle()
  },
}
