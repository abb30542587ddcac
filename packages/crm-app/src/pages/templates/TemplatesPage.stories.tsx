import {
  cloudApiConnection,
  createHandlers,
  createMockDb,
  deskFixtures,
  templateFixtures,
} from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { TemplatesPage } from './TemplatesPage'

/** The desk's connections plus a Cloud API one with four templates; each story gets a fresh db. */
const withTemplates = (cloud = cloudApiConnection) =>
  createHandlers({
    db: createMockDb({ connections: [...deskFixtures.connections, cloud], templates: templateFixtures }),
  }).all

const meta = {
  title: 'Pages/Templates',
  component: TemplatesPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/templates' }, msw: { handlers: withTemplates() } },
} satisfies Meta<typeof TemplatesPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** The Cloud API connection's templates with their statuses, the first previewed as the customer sees it. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await expect(await page.findByText('login_code')).toBeVisible()
    await expect(page.getByText('Pending review')).toBeVisible()
    await expect(page.getByText('Hello Maria, your order #123 has shipped.')).toBeVisible()
    await settle()
  },
}

/** Refresh reads the templates from the Business Account again and says so. */
export const Refresh: Story = {
  parameters: { msw: { handlers: withTemplates() } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('login_code')
    await userEvent.click(page.getByRole('button', { name: 'Refresh' }))
    // The toast says so once it has drawn its text (it is created first, then filled).
    await waitFor(() => expect(page.getByText('Templates read again from the Business Account.')).toBeVisible())
    await settle()
  },
}

/** A connection without its Business Account id cannot read templates: the refresh says what to add. */
export const RefreshWithoutAccount: Story = {
  parameters: {
    msw: {
      handlers: withTemplates({
        ...cloudApiConnection,
        cloudApi: cloudApiConnection.cloudApi ? { ...cloudApiConnection.cloudApi, businessAccountId: null } : null,
      }),
    },
  },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await page.findByText('login_code')
    await userEvent.click(page.getByRole('button', { name: 'Refresh' }))
    await expect(
      await page.findByText('Add the WhatsApp Business Account id to the connection to read its templates.'),
    ).toBeVisible()
    await settle()
  },
}

/** No Cloud API connection: the page says templates need one. */
export const NoCloudConnection: Story = {
  parameters: { msw: { handlers: createHandlers({ db: createMockDb() }).all } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await waitFor(() => expect(page.getByText('No WhatsApp Cloud API connection')).toBeVisible())
    await settle()
  },
}

/** A Cloud API connection with no templates stored yet. */
export const Empty: Story = {
  parameters: {
    msw: {
      handlers: createHandlers({
        db: createMockDb({ connections: [...deskFixtures.connections, cloudApiConnection], templates: [] }),
      }).all,
    },
  },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByText('No templates yet')).toBeVisible()
    await settle()
  },
}
