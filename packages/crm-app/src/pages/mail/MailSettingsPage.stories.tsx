import { createHandlers, createMockDb, failsAlways, mockPath, mockRoute, neverAnswer } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { MailSettingsPage } from './MailSettingsPage'

/** A fresh desk each story: an SMTP server set by an admin, and two failed mails. */
const fresh = () => createHandlers({ db: createMockDb() }).all

const meta = {
  title: 'Pages/Mail',
  component: MailSettingsPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/mail' }, msw: { handlers: fresh() } },
} satisfies Meta<typeof MailSettingsPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** The server, the sender and what closing sends; the failed mails below, with their errors. */
export const Default: Story = {
  parameters: { msw: { handlers: fresh() } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByLabelText('Host')).toHaveValue('smtp.example.com')
    await expect(page.getByText('A password is saved. Leave empty to keep it.')).toBeVisible()
    await expect(await page.findByText('marina@example.com')).toBeVisible()
    await expect(page.getByText('451 Mailbox unavailable, try later')).toBeVisible()
    await settle()
  },
}

/** "Send again" queues a failed mail once more: it leaves the list. */
export const RetryFailedMail: Story = {
  parameters: { msw: { handlers: fresh() } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('marina@example.com')
    await userEvent.click(page.getAllByRole('button', { name: 'Send again' })[0]!)
    await waitFor(() => expect(page.queryByText('marina@example.com')).toBeNull())
    await expect(page.getByText('boss@example.com')).toBeVisible()
    await settle()
  },
}

/** The SMTP server refuses the test mail: a toast says so, and the settings stay as they were. */
export const TestRefused: Story = {
  parameters: { msw: { handlers: fresh() } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.type(await page.findByLabelText('Test address'), 'fail@example.com')
    await userEvent.click(page.getByRole('button', { name: 'Send test e-mail' }))
    // The toast fades in: its text is in the page before it can be seen.
    const refused = await page.findByText('The SMTP server did not accept the e-mail.')
    await waitFor(() => expect(refused).toBeVisible())
    await expect(page.getByLabelText('Host')).toHaveValue('smtp.example.com')
    await settle()
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [mockRoute('mailSettingsGet', neverAnswer), ...fresh()] } },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('heading', { name: 'E-mail' })).toBeVisible()
  },
}

/** The settings could not be loaded: the reason and Retry. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [failsAlways(mockPath('mailSettingsGet')), ...fresh()] } },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('button', { name: 'Retry' })).toBeVisible()
  },
}
