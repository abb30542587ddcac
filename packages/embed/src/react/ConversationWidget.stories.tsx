import { WIDGET_CONNECTION_ID, widgetHandlers } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor, within } from 'storybook/test'
import { ConversationWidget } from './ConversationWidget'
import { runStoryFrame, STORY_FRAME_SRC } from './storyFrame'

/** The launcher lives in a shadow root on `<body>`; its frame runs the frame app against the mock desk. */
const launcher = () =>
  document
    .querySelector('[data-limedesk-widget="floating"]')
    ?.shadowRoot?.querySelector<HTMLButtonElement>('[data-testid="limedesk-launcher"]') ?? null
const frame = () =>
  document
    .querySelector('[data-limedesk-widget="floating"]')
    ?.shadowRoot?.querySelector<HTMLIFrameElement>('[data-testid="limedesk-frame"]') ?? null

const meta = {
  title: 'Embed/ConversationWidget',
  component: ConversationWidget,
  tags: ['autodocs'],
  // The config comes from the mock desk on this page's own origin (which it allows); there is no desk to serve
  // the frame, so the frame is an empty page on this origin that `runStoryFrame` fills with the frame app.
  args: { deskUrl: location.origin, connectionId: WIDGET_CONNECTION_ID, frameSrc: STORY_FRAME_SRC, onError: fn() },
  parameters: { layout: 'fullscreen', msw: { handlers: widgetHandlers } },
} satisfies Meta<typeof ConversationWidget>

export default meta
type Story = StoryObj<typeof meta>

/** The launcher in the corner, with the connection's colour and icon. */
export const Launcher: Story = {
  play: async ({ args }) => {
    await waitFor(() => expect(launcher()).not.toBeNull())
    await expect(launcher()).toHaveAttribute('aria-label', 'Open chat')
    await expect(args.onError).not.toHaveBeenCalled()
  },
}

/** Themed by the host: blue, on the left, with a label, in Spanish; opened, the conversation shows above it. */
export const ThemedAndOpen: Story = {
  args: {
    theme: { primaryColor: '#2563eb', position: 'left', launcherText: 'Help', launcherIcon: 'help' },
    locale: 'es',
  },
  play: async () => {
    await waitFor(() => expect(launcher()).not.toBeNull())
    await expect(launcher()).toHaveTextContent('Help')
    launcher()?.click()
    await waitFor(() => expect(launcher()).toHaveAttribute('aria-expanded', 'true'))
    await expect(launcher()).toHaveAttribute('aria-label', 'Cerrar chat')
    await waitFor(() => expect(frame()).not.toBeNull())
    void runStoryFrame(frame() as HTMLIFrameElement, 'floating')
    // The panel: the desk's history, in the language and colour the host chose.
    const panel = () => within(frame()?.contentDocument?.body as HTMLElement)
    const log = await waitFor(() => panel().getByRole('log', { name: 'Conversación' }), { timeout: 10_000 })
    await waitFor(() => expect(within(log).getByText(/left the warehouse/)).toBeVisible())
    await expect(panel().getByRole('textbox', { name: 'Mensaje' })).toBeVisible()
  },
}
