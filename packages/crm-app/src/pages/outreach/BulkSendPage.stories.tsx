import { cloudApiConnection, fixtures, handlers, type MockDb, mockDb, templateFixtures } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { serverChangesJob, settle, withApp } from '../../stories/withApp'
import { BulkSendPage } from './BulkSendPage'

const meta = {
  title: 'Pages/Outreach/Bulk send',
  component: BulkSendPage,
  decorators: [withApp],
  args: { variant: 'text', now: '2026-01-15T10:30:00.000Z' },
  parameters: { layout: 'fullscreen', app: { path: '/ZDG', socket: true }, msw: { handlers } },
} satisfies Meta<typeof BulkSendPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** Opened again while a text job runs: the form, and under it the job still going, with its link. */
export const Text: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByText('Sent messages: 58 / 119')).toBeVisible()
    await expect(page.getByRole('link', { name: 'Open job 501' })).toHaveAttribute('href', '/jobs/501')
    await expect(page.getByText('You can close this page: sending continues on the server.')).toBeVisible()
  },
}

/** A send: the new job shows at once above the running one, and its counter rises with the server's events. */
export const Sent: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Sent messages: 58 / 119')
    await userEvent.type(page.getByRole('textbox', { name: /Numbers/ }), '5511987650001{enter}5511987650002')
    await userEvent.type(page.getByRole('textbox', { name: /Message/ }), 'Our store opens at 9 tomorrow.')
    await userEvent.type(page.getByRole('combobox', { name: /Dispatch ID/ }), '1')
    await userEvent.type(page.getByRole('spinbutton', { name: /Minimum interval/ }), '0')
    await userEvent.type(page.getByRole('spinbutton', { name: /Maximum interval/ }), '1')
    await userEvent.click(page.getByRole('button', { name: 'Send' }))
    await expect(await page.findByText('Sent messages: 0 / 2')).toBeVisible()
    const job = mockDb.jobs[0]
    await expect(page.getByRole('link', { name: `Open job ${job.id}` })).toBeVisible()
    await serverChangesJob(job, { sent: 2, status: 'done' }, 'done')
    await waitFor(() => expect(page.getByText('Sent messages: 2 / 2')).toBeVisible())
    await settle()
  },
}

/**
 * Sent, then the same list and message typed again and sent within the minute: the form had cleared
 * its numbers and message (the connection stays), and the server refuses the repeat with a clear reason.
 */
export const SentTwice: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Sent messages: 58 / 119')
    const fill = async () => {
      await userEvent.type(page.getByRole('textbox', { name: /Numbers/ }), '5511987650011')
      await userEvent.type(page.getByRole('textbox', { name: /Message/ }), 'Twice?')
    }
    await fill()
    await userEvent.type(page.getByRole('combobox', { name: /Dispatch ID/ }), '1')
    await userEvent.type(page.getByRole('spinbutton', { name: /Minimum interval/ }), '0')
    await userEvent.type(page.getByRole('spinbutton', { name: /Maximum interval/ }), '1')
    await userEvent.click(page.getByRole('button', { name: 'Send' }))
    await expect(await page.findByText('Sent messages: 0 / 1')).toBeVisible()
    await waitFor(() => expect(page.getByRole('textbox', { name: /Numbers/ })).toHaveValue(''))
    await expect(page.getByRole('textbox', { name: /Message/ })).toHaveValue('')
    await expect(page.getByRole('combobox', { name: /Dispatch ID/ })).toHaveValue('1')
    await fill()
    await userEvent.click(page.getByRole('button', { name: 'Send' }))
    const refusal = await page.findByText(/This same send was started less than a minute ago/)
    await waitFor(() => expect(refusal).toBeVisible())
    await expect(page.getByRole('textbox', { name: /Numbers/ })).toHaveValue('5511987650011')
    await settle()
  },
}

/** An agent with no job under way sees the form alone. */
export const AgentNothingRunning: Story = {
  parameters: { app: { signedInAs: fixtures.agent.id } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByRole('button', { name: 'Send' })).toBeVisible()
    await expect(page.queryByText('In progress')).toBeNull()
  },
}

/** The text page with a Cloud API connection and its approved templates. */
const cloudApiText = {
  app: {
    path: '/ZDG',
    socket: true,
    seed: (db: MockDb) => {
      db.connections.push(structuredClone(cloudApiConnection))
      db.templates = structuredClone(templateFixtures)
    },
  },
}

/**
 * Text on a Cloud API connection: its approved templates are offered; with one chosen the message field goes,
 * the estimate names the template and its category, and the job starts.
 */
export const CloudApiTemplate: Story = {
  parameters: cloudApiText,
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Sent messages: 58 / 119')
    await userEvent.type(page.getByRole('textbox', { name: /Numbers/ }), '5511987650021')
    await userEvent.type(page.getByRole('combobox', { name: /Dispatch ID/ }), String(cloudApiConnection.id))
    await userEvent.selectOptions(await page.findByLabelText('Message template'), 'order_update (en_US)')
    await expect(page.queryByRole('textbox', { name: /Message/ })).toBeNull()
    await expect(page.getByText('Each gets the template order_update (Utility).')).toBeVisible()
    await userEvent.type(page.getByRole('spinbutton', { name: /Minimum interval/ }), '0')
    await userEvent.type(page.getByRole('spinbutton', { name: /Maximum interval/ }), '1')
    await userEvent.click(page.getByRole('button', { name: 'Send' }))
    await expect(await page.findByText('Sent messages: 0 / 1')).toBeVisible()
    await settle()
  },
}

/**
 * Text on a Cloud API connection with pasted columns (`number;name`): the template's variable takes the second
 * column, and the job reads each line's number from the first one, as the server does: no line is refused.
 */
export const CloudApiTemplateColumns: Story = {
  parameters: cloudApiText,
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('Sent messages: 58 / 119')
    await userEvent.type(page.getByRole('textbox', { name: /Numbers/ }), '5511987650031;Marina{enter}14155550131;John')
    await userEvent.type(page.getByRole('combobox', { name: /Dispatch ID/ }), String(cloudApiConnection.id))
    await userEvent.selectOptions(await page.findByLabelText('Message template'), 'follow_up (pt_BR)')
    await userEvent.selectOptions(page.getByLabelText('Variable body {{1}}'), 'Column 2 of the pasted line')
    await userEvent.type(page.getByRole('spinbutton', { name: /Minimum interval/ }), '0')
    await userEvent.type(page.getByRole('spinbutton', { name: /Maximum interval/ }), '1')
    await userEvent.click(page.getByRole('button', { name: 'Send' }))
    await expect(await page.findByText('Sent messages: 0 / 2')).toBeVisible()
    const job = mockDb.jobs[0]
    await expect(job).toMatchObject({ kind: 'bulkText', total: 2, skipped: 0 })
    await settle()
  },
}

/** A file on a Cloud API connection: the page says it reaches open reply windows only and links to the text page. */
export const FileOnCloudApi: Story = {
  args: { variant: 'file' },
  parameters: {
    app: {
      path: '/ZDGMedia2',
      socket: true,
      seed: (db: MockDb) => {
        db.connections.push(structuredClone(cloudApiConnection))
      },
    },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.type(page.getByRole('combobox', { name: /Dispatch ID/ }), String(cloudApiConnection.id))
    await expect(
      await page.findByText(/a file from the server's folder reaches only customers who wrote/),
    ).toBeVisible()
    await expect(page.getByRole('link', { name: 'To reach everyone, send a template from Bulk text' })).toHaveAttribute(
      'href',
      '/ZDG',
    )
    await expect(page.queryByLabelText('Message template')).toBeNull()
    await settle()
  },
}
