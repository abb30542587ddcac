import { createHandlers, createMockDb } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
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

/** The general channel opens; a message sent shows in it, signed "You". */
export const General: Story = {
  parameters: { msw: { handlers: fresh() } },
  play: async ({ canvasElement }) => {
    const page = within(canvasElement.ownerDocument.body)
    await expect(await page.findByRole('heading', { name: 'general' })).toBeVisible()
    await expect(page.getByText('No messages yet. Say hello!')).toBeVisible()
    await userEvent.type(page.getByRole('textbox', { name: 'Message' }), 'Good morning, team!{Enter}')
    await waitFor(() => expect(page.getByText('Good morning, team!')).toBeVisible())
    await expect(page.getByText('You')).toBeVisible()
    await settle()
  },
}
