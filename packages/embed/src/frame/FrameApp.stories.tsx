import { createHandlers, WIDGET_TOKENS, widgetStateOf } from '@desk/api-client/mocks'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { FrameStory } from './FrameStory'

/** Each story its own mock desk, so what one sends never shows in the next. */
const desk = (change?: (state: ReturnType<typeof widgetStateOf>) => void) => {
  const mocks = createHandlers()
  change?.(widgetStateOf(mocks.db))
  return { msw: { handlers: mocks.widget } }
}

const meta = {
  title: 'Embed/FrameApp',
  component: FrameStory,
  tags: ['autodocs'],
  parameters: desk(),
} satisfies Meta<typeof FrameStory>

export default meta
type Story = StoryObj<typeof meta>

/** A visitor's conversation: the desk's history, then a message sent and confirmed by the desk. */
export const Conversation: Story = {
  parameters: desk(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const log = await canvas.findByRole('log', { name: 'Conversation' })
    await waitFor(() => expect(within(log).getByText(/left the warehouse/)).toBeVisible())
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), 'Thank you!{Enter}')
    await waitFor(() => expect(within(log).getByText('Thank you!')).toBeVisible())
    await waitFor(() => expect(within(log).queryByText('Not sent')).toBeNull())
  },
}

/** In Portuguese, as the host chose (`setLocale`), inline in a portal's page. */
export const InlinePortuguese: Story = {
  args: { locale: 'pt-BR', variant: 'inline' },
  parameters: desk(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('log', { name: 'Conversa' })).toBeVisible()
  },
}

/** Nobody online and the connection asks for an e-mail: the offline form, then its confirmation. */
export const Offline: Story = {
  parameters: desk((state) => {
    state.config.online = false
  }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const email = await canvas.findByRole('textbox', { name: /e-mail/i })
    await userEvent.type(email, 'maria@example.com{Enter}')
    await waitFor(() => expect(canvas.getByText(/maria@example.com/)).toBeVisible())
  },
}

/** A partner token that has expired: the translated error and Retry. */
export const ExpiredToken: Story = {
  args: { token: WIDGET_TOKENS.expired },
  parameters: desk(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(await canvas.findByRole('alert')).toHaveTextContent('This sign-in link has expired')
    await expect(canvas.getByRole('button', { name: 'Retry' })).toBeVisible()
  },
}

/** A partner's agent on one ticket: the desk's side on the right, quick answers on `/`. */
export const AgentMode: Story = {
  args: { token: WIDGET_TOKENS.agent, variant: 'inline' },
  parameters: desk(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await canvas.findByRole('log', { name: 'Conversation' })
    await userEvent.type(canvas.getByRole('textbox', { name: 'Message' }), '/')
    await expect(await canvas.findByRole('listbox')).toBeVisible()
  },
}
