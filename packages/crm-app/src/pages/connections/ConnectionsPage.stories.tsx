import type { Connection, ErrorResponse } from '@desk/api-client'
import {
  deskFixtures,
  failsAlways,
  failsFirst,
  fixtures,
  handlers,
  type MockDb,
  mockDb,
  mockPath,
  mockRoute,
  neverAnswer,
} from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse } from 'msw'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { serverSends, settle, withApp } from '../../stories/withApp'
import { ConnectionsPage } from './ConnectionsPage'

/** A new connection answers with a fixed time, so the picture does not change from day to day. */
const createAtFixedTime = mockRoute('connectionCreate', async ({ request }) => {
  const body = (await request.json()) as { name: string; queueIds?: number[] }
  const connection: Connection = {
    id: 4,
    name: body.name,
    status: 'OPENING',
    qrcode: null,
    retries: 0,
    isDefault: false,
    greetingMessage: null,
    farewellMessage: null,
    driver: 'simulator',
    queues: [],
    updatedAt: '2026-01-15T10:00:00.000Z',
  }
  mockDb.connections.push(connection)
  return HttpResponse.json(connection, { status: 201 })
})

const meta = {
  title: 'Pages/Connections',
  component: ConnectionsPage,
  decorators: [withApp],
  parameters: {
    layout: 'fullscreen',
    app: { path: '/connections' },
    msw: { handlers: [createAtFixedTime, ...handlers] },
  },
} satisfies Meta<typeof ConnectionsPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)
const rowOf = async (canvasElement: HTMLElement, name: string) =>
  within((await body(canvasElement).findByRole('cell', { name })).closest('tr') as HTMLElement)

/** Each status with the session buttons it allows. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    await expect((await rowOf(canvasElement, 'Main line')).getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await expect(
      (await rowOf(canvasElement, 'Support line')).getByRole('button', { name: 'Show QR code' }),
    ).toBeVisible()
    const old = await rowOf(canvasElement, 'Old phone')
    await expect(old.getByRole('button', { name: 'Try again' })).toBeVisible()
    await expect(old.getByRole('button', { name: 'New QR code' })).toBeVisible()
  },
}

/** "Add connection", a name, Add: the new connection joins the table while its session opens. */
export const AddConnection: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Add connection' }))
    const dialog = within(await page.findByRole('dialog', { name: 'Add connection' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }))
    await expect(await dialog.findByRole('textbox', { name: /name/i })).toHaveAttribute('aria-invalid', 'true')
    await userEvent.type(dialog.getByRole('textbox', { name: /name/i }), 'Front desk')
    await userEvent.click(dialog.getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    const row = await rowOf(canvasElement, 'Front desk')
    await expect(row.getByRole('button', { name: 'Connecting' })).toBeDisabled()
    await settle()
  },
}

/** "Show QR code" opens the code of that connection, 256 px. */
export const ShowQrCode: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click((await rowOf(canvasElement, 'Support line')).getByRole('button', { name: 'Show QR code' }))
    const dialog = within(await page.findByRole('dialog', { name: 'Scan the QR code to start the session' }))
    await expect(await dialog.findByRole('img', { name: 'QR code of Support line' })).toBeVisible()
  },
}

/** The phone scans the code: the session update without a code closes the dialog by itself. */
export const QrDialogClosesWhenScanned: Story = {
  parameters: { app: { socket: true } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click((await rowOf(canvasElement, 'Support line')).getByRole('button', { name: 'Show QR code' }))
    const dialog = within(await page.findByRole('dialog', { name: 'Scan the QR code to start the session' }))
    await expect(await dialog.findByRole('img', { name: 'QR code of Support line' })).toBeVisible()
    await serverSends('whatsappSession', {
      action: 'update',
      session: { id: 2, status: 'PAIRING', qrcode: '', retries: 0, updatedAt: '2026-01-15T10:30:00.000Z' },
    })
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    const row = await rowOf(canvasElement, 'Support line')
    await expect(row.getByText('Pairing')).toBeVisible()
    await expect(row.getByRole('button', { name: 'Disconnect' })).toBeVisible()
    await settle()
  },
}

/** A new QR code for a disconnected connection opens the dialog with it. */
export const NewQrCode: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click((await rowOf(canvasElement, 'Old phone')).getByRole('button', { name: 'New QR code' }))
    const dialog = within(await page.findByRole('dialog'))
    await expect(await dialog.findByRole('img', { name: 'QR code of Old phone' })).toBeVisible()
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await expect((await rowOf(canvasElement, 'Old phone')).getByRole('button', { name: 'Show QR code' })).toBeVisible()
  },
}

/** Disconnecting asks first; cancelling keeps the session. */
export const DisconnectAsksFirst: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const main = await rowOf(canvasElement, 'Main line')
    await userEvent.click(main.getByRole('button', { name: 'Disconnect' }))
    let dialog = within(await page.findByRole('alertdialog', { name: 'Disconnect Main line?' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull())
    await expect(main.getByRole('button', { name: 'Disconnect' })).toBeVisible()

    await userEvent.click(main.getByRole('button', { name: 'Disconnect' }))
    dialog = within(await page.findByRole('alertdialog', { name: 'Disconnect Main line?' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Disconnect' }))
    await waitFor(() => expect(page.queryByRole('alertdialog')).toBeNull())
    await expect(await main.findByRole('button', { name: 'Try again' })).toBeVisible()
    await settle()
  },
}

/** Deleting asks first, then the row goes. */
export const DeleteAsksFirst: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Delete Old phone' }))
    const dialog = within(await page.findByRole('alertdialog', { name: 'Delete Old phone?' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(page.queryByRole('cell', { name: 'Old phone' })).toBeNull())
    await settle()
  },
}

/** The last default connection cannot go: the translated refusal is a toast and the row stays. */
export const DeleteRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        mockRoute('connectionDelete', () =>
          HttpResponse.json<ErrorResponse>({ error: 'ERR_NO_OTHER_WHATSAPP' }, { status: 400 }),
        ),
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Delete Main line' }))
    const dialog = within(await page.findByRole('alertdialog'))
    await userEvent.click(dialog.getByRole('button', { name: 'Delete' }))
    // The toast fades in: wait until its text is shown, not merely in the DOM.
    await waitFor(() => expect(page.getAllByText(/at least one default connection/i)[0]).toBeVisible())
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await expect(await page.findByRole('cell', { name: 'Main line' })).toBeVisible()
    await settle()
  },
}

/** Two queues need the greeting that lists them: the dialog says so at the field and stays open. */
export const GreetingRequired: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Edit Main line' }))
    const dialog = within(await page.findByRole('dialog', { name: 'Edit connection' }))
    await userEvent.clear(await dialog.findByRole('textbox', { name: /greeting/i }))
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await expect(
      await dialog.findByText('A greeting message is required when there is more than one queue.'),
    ).toBeVisible()
    await expect(dialog.getByRole('textbox', { name: /greeting/i })).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByRole('dialog', { name: 'Edit connection' })).toBeVisible()
    await settle()
  },
}

/** A refusal that names no field of the dialog shows once, inside the dialog above its fields (no toast); the dialog stays open. */
export const SaveRefused: Story = {
  parameters: {
    msw: {
      handlers: [
        mockRoute('connectionUpdate', () =>
          HttpResponse.json<ErrorResponse>({ error: 'ERR_NO_OTHER_WHATSAPP' }, { status: 400 }),
        ),
        ...handlers,
      ],
    },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Edit Main line' }))
    const dialog = within(await page.findByRole('dialog', { name: 'Edit connection' }))
    await userEvent.click(await dialog.findByRole('checkbox', { name: 'Default connection' }))
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(dialog.getByText('There must be at least one default connection.')).toBeVisible())
    await expect(page.getAllByText('There must be at least one default connection.')).toHaveLength(1)
    await expect(page.getByRole('dialog', { name: 'Edit connection' })).toBeVisible()
    await settle()
  },
}

/** Agents see the connections without add, edit or delete, and without session buttons (the server refuses them). */
export const AsAgent: Story = {
  parameters: { app: { signedInAs: fixtures.agent.id } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    // Rows show once the session is known, so the buttons below are those of an agent.
    await page.findByRole('cell', { name: 'Main line' })
    await expect(page.queryByRole('button', { name: 'Add connection' })).toBeNull()
    await expect(page.queryByRole('button', { name: 'Delete Main line' })).toBeNull()
    for (const name of ['Show QR code', 'Try again', 'New QR code', 'Disconnect']) {
      await expect(page.queryByRole('button', { name })).toBeNull()
    }
  },
}

export const Loading: Story = {
  parameters: { msw: { handlers: [mockRoute('connectionList', neverAnswer), ...handlers] } },
}

/** The list failed: the reason and Retry where the table was, never "No connections yet" with it. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [failsAlways(mockPath('connectionList')), ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const alert = await page.findByRole('alert')
    await expect(alert).toHaveTextContent('Something went wrong on the server. Please try again.')
    await expect(within(alert).getByRole('button', { name: 'Retry' })).toBeVisible()
    await expect(page.queryByText('No connections yet')).toBeNull()
  },
}

/** The first load fails, Retry brings the rows. */
export const RetryAfterFailure: Story = {
  parameters: { msw: { handlers: [failsFirst(mockPath('connectionList')), ...handlers] } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Retry' }))
    await expect(await page.findByText('Main line')).toBeVisible()
    await expect(page.queryByRole('alert')).toBeNull()
    await settle()
  },
}

/** A web chat connection beside the others (the fixtures leave it out). */
const withWebChat = {
  app: { seed: (db: MockDb) => void db.connections.push(structuredClone(deskFixtures.webChatConnection)) },
}
const MASK = '•'.repeat(32)

/**
 * A web chat has no session buttons but Embed: its script tag, and the signing secret shown on Reveal.
 * Rotating asks first, then shows the new secret.
 */
export const WebChatEmbed: Story = {
  parameters: withWebChat,
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    const row = await rowOf(canvasElement, 'Website chat')
    await expect(row.queryByRole('button', { name: 'Disconnect' })).toBeNull()
    await expect((await rowOf(canvasElement, 'Main line')).queryByRole('button', { name: /^Embed/ })).toBeNull()
    await userEvent.click(row.getByRole('button', { name: 'Embed Website chat' }))
    const dialog = within(await page.findByRole('dialog', { name: 'Embed Website chat' }))
    await expect(await dialog.findByText(/data-connection="4"/)).toBeVisible()
    const secret = dialog.getByRole('textbox', { name: 'Signing secret' })
    await expect(secret).toHaveValue(MASK)
    await userEvent.click(dialog.getByRole('button', { name: 'Reveal' }))
    await waitFor(() => expect(secret).not.toHaveValue(MASK))
    const before = (secret as HTMLInputElement).value

    await userEvent.click(dialog.getByRole('button', { name: 'Rotate' }))
    const confirm = within(await page.findByRole('alertdialog', { name: 'Rotate the signing secret?' }))
    await userEvent.click(confirm.getByRole('button', { name: 'Rotate' }))
    await waitFor(() => expect(page.getAllByText(/Signing secret rotated/)[0]).toBeVisible())
    await waitFor(() => expect(secret).not.toHaveValue(before))
    await expect(secret).not.toHaveValue(MASK)
    await userEvent.click(dialog.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await settle()
  },
}

/** Editing a web chat opens its stored settings (fetched on their own) and saves a change to them. */
export const WebChatEdit: Story = {
  parameters: withWebChat,
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Edit Website chat' }))
    let dialog = within(await page.findByRole('dialog', { name: 'Edit connection' }))
    await expect(await dialog.findByRole('textbox', { name: 'Allowed site 2' })).toHaveValue('https://shop.example.com')
    const text = dialog.getByRole('textbox', { name: 'Launcher text' })
    await userEvent.clear(text)
    await userEvent.type(text, 'Chat with us')
    await userEvent.click(dialog.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())

    await userEvent.click(await page.findByRole('button', { name: 'Edit Website chat' }))
    dialog = within(await page.findByRole('dialog', { name: 'Edit connection' }))
    await expect(await dialog.findByRole('textbox', { name: 'Launcher text' })).toHaveValue('Chat with us')
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(page.queryByRole('dialog')).toBeNull())
    await settle()
  },
}

/**
 * Editing a Twilio line opens its stored settings (fetched on their own) with the Auth Token only as its
 * end. "Test credentials" with the field empty tests the saved token; a wrong one typed is refused with
 * Twilio's code.
 */
export const TelephonyEdit: Story = {
  parameters: {
    app: { seed: (db: MockDb) => void db.connections.push(structuredClone(deskFixtures.telephonyConnections[0])) },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('button', { name: 'Edit US line' }))
    const dialog = within(await page.findByRole('dialog', { name: 'Edit connection' }))
    await expect(await dialog.findByText('Saved, ending in ••••c0de. Leave empty to keep it.')).toBeVisible()
    await expect(dialog.getByLabelText(/Auth Token/)).toHaveValue('')
    await userEvent.click(dialog.getByRole('button', { name: 'Test credentials' }))
    await expect(await dialog.findByText('The credentials work (LimeDesk).')).toBeVisible()
    await userEvent.type(dialog.getByLabelText(/Auth Token/), '0123456789abcdefbad')
    await userEvent.click(dialog.getByRole('button', { name: 'Test credentials' }))
    const refused = await dialog.findByText('Twilio refused the credentials (error 20003).')
    refused.scrollIntoView({ block: 'center' })
    await expect(refused).toBeVisible()
    await settle()
  },
}
