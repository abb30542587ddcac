import { createHandlers, createMockDb, fixtures } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import ChatbotPage from './ChatbotPage'

const withSettings = (chatbotUrl: string) =>
  createHandlers({
    db: createMockDb({
      settings: fixtures.settings.map((s) => (s.key === 'chatbotUrl' ? { ...s, value: chatbotUrl } : s)),
    }),
  }).all

const meta = {
  title: 'Pages/Chatbot',
  component: ChatbotPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/ZDGChatbot' }, msw: { handlers: withSettings('') } },
} satisfies Meta<typeof ChatbotPage>

export default meta
type Story = StoryObj<typeof meta>

/** No address: the page says so; an administrator is offered the Bots page and the address form. */
export const NoAddress: Story = {
  parameters: { msw: { handlers: withSettings('') } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await expect(await page.findByText('No chatbot address is set', {}, { timeout: 8000 })).toBeVisible()
    // The administrator's part waits for the session.
    await expect(await page.findByRole('button', { name: 'Open Bots' }, { timeout: 8000 })).toBeVisible()
    await expect(page.getByRole('textbox', { name: 'Address to show in the frame' })).toHaveValue('')
    await settle()
  },
}

/** An address is set: the chatbot app in its 800 px sandboxed frame. */
export const Framed: Story = {
  parameters: { msw: { handlers: withSettings('about:blank') } },
  play: async ({ canvasElement }) => {
    const frame = await within(canvasElement.ownerDocument.body).findByTitle('Chatbot')
    await expect(frame.getBoundingClientRect().height).toBe(800)
    await settle()
  },
}
