import { createHandlers, createMockDb, failsAlways, mockPath } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import { BotsPage } from './BotsPage'

/** A fresh desk each story: the n8n bot configured and on, the others not set up. */
const fresh = () => createHandlers({ db: createMockDb() }).all

const meta = {
  title: 'Pages/Bots',
  component: BotsPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/bots' }, msw: { handlers: fresh() } },
} satisfies Meta<typeof BotsPage>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** The configured bot: its URL, the end of its secret; the test console answers with the bot's reply. */
export const TestConsole: Story = {
  globals: { viewport: { value: 'tall' } },
  parameters: { msw: { handlers: fresh() } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('tab', { name: 'N8N' }))
    const panel = within(page.getByRole('tabpanel'))
    await expect(await panel.findByLabelText('Bot URL')).toHaveValue('https://n8n.example.com/webhook/desk')
    await expect(panel.getByText(/ending in …k3y9/)).toBeVisible()
    await userEvent.click(panel.getByRole('button', { name: 'Send test' }))
    await expect(await panel.findByText(/Echo: Hello, this is a test/)).toBeVisible()
    await expect(panel.getByText('HTTP 200 in 42 ms')).toBeVisible()
    await settle()
  },
}

/** Switching a bot on without a signing secret is refused under the field. */
export const SecretRequired: Story = {
  parameters: { msw: { handlers: fresh() } },
  play: async ({ canvasElement }) => {
    const page = body(canvasElement)
    await userEvent.click(await page.findByRole('tab', { name: 'ChatGPT' }))
    const panel = within(page.getByRole('tabpanel'))
    await userEvent.type(await panel.findByLabelText('Bot URL'), 'https://gpt.example.com/hook')
    await userEvent.click(panel.getByRole('switch', { name: 'Enabled' }))
    await userEvent.click(panel.getByRole('button', { name: 'Save' }))
    await expect(await panel.findByText('Required')).toBeVisible()
    await settle()
  },
}

/** The bots could not be loaded: the reason and Retry. */
export const LoadFailed: Story = {
  parameters: { msw: { handlers: [failsAlways(mockPath('botConfigList')), ...fresh()] } },
  play: async ({ canvasElement }) => {
    await expect(await body(canvasElement).findByRole('button', { name: 'Retry' })).toBeVisible()
  },
}
