import { createHandlers, createMockDb } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, within } from 'storybook/test'
import { settle, withApp } from '../../stories/withApp'
import InternalChatPage from './InternalChatPage'

/** A fresh desk each story: the general channel, and the queues' channels of the signed-in user. */
const fresh = () => createHandlers({ db: createMockDb() }).all

const meta = {
  title: 'Pages/TeamChat',
  component: InternalChatPage,
  decorators: [withApp],
  parameters: { layout: 'fullscreen', app: { path: '/ZDGChatInterno' }, msw: { handlers: fresh() } },
} satisfies Meta<typeof InternalChatPage>

export default meta
type Story = StoryObj<typeof meta>

/** The general channel opens first, beside the user's queues' channels; an administrator sees the frame address form. */
export const General: Story = {
  parameters: { msw: { handlers: fresh() } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await expect(await page.findByRole('heading', { name: 'general' })).toBeVisible()
    await expect(await page.findByText('No messages yet. Say hello!')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Sales' })).toBeVisible()
    await settle()
  },
}
