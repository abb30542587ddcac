import { WIDGET_CONNECTION_ID, widgetHandlers } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, waitFor, within } from 'storybook/test'
import { ConversationPanel } from './ConversationPanel'
import { runStoryFrame, STORY_FRAME_SRC } from './storyFrame'

const meta = {
  title: 'Embed/ConversationPanel',
  component: ConversationPanel,
  tags: ['autodocs'],
  // No desk in Storybook: the config comes from the mock desk, and the frame is an empty page on this origin
  // that `runStoryFrame` fills with the frame app.
  args: { deskUrl: location.origin, connectionId: WIDGET_CONNECTION_ID, frameSrc: STORY_FRAME_SRC, height: 480 },
  parameters: { msw: { handlers: widgetHandlers } },
} satisfies Meta<typeof ConversationPanel>

export default meta
type Story = StoryObj<typeof meta>

/** The panel in the page's flow: a titled, sandboxed frame filling the box, showing the conversation. */
export const Inline: Story = {
  play: async ({ canvasElement }) => {
    const box = within(canvasElement).getByTestId('conversation-panel')
    const frame = () => box.querySelector('[data-limedesk-widget]')?.shadowRoot?.querySelector('iframe') ?? null
    await waitFor(() => expect(frame()).not.toBeNull())
    await expect(frame()).toHaveAttribute('title', 'Chat with Acme support')
    await expect(frame()?.getAttribute('sandbox')).toContain('allow-scripts')
    void runStoryFrame(frame() as HTMLIFrameElement, 'inline')
    const panel = () => within(frame()?.contentDocument?.body as HTMLElement)
    const log = await waitFor(() => panel().getByRole('log', { name: 'Conversation' }), { timeout: 10_000 })
    await waitFor(() => expect(within(log).getByText(/left the warehouse/)).toBeVisible())
  },
}
