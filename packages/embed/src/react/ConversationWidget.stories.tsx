import { WIDGET_CONNECTION_ID, widgetHandlers } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, waitFor } from 'storybook/test'
import { ConversationWidget } from './ConversationWidget'

/** The launcher lives in a shadow root on `<body>`; the frame here is a blank page (no desk in Storybook). */
const launcher = () =>
  document
    .querySelector('[data-limedesk-widget="floating"]')
    ?.shadowRoot?.querySelector<HTMLButtonElement>('[data-testid="limedesk-launcher"]') ?? null

const meta = {
  title: 'Embed/ConversationWidget',
  component: ConversationWidget,
  tags: ['autodocs'],
  // The config comes from the mock desk on this page's own origin (which it allows); the panel stays blank.
  args: { deskUrl: location.origin, connectionId: WIDGET_CONNECTION_ID, frameSrc: 'about:blank', onError: fn() },
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

/** Themed by the host: blue, on the left, with a label; opened, the panel shows above it. */
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
  },
}
