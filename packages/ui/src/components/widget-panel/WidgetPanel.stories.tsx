import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { CONVERSATION, FAILED, LONG_CONVERSATION, QUICK_ANSWERS } from './fixtures'
import { Stage, StoryPanel, spies } from './story-panel'
import { WidgetPanel } from './WidgetPanel'

const meta = {
  component: WidgetPanel.Root,
  args: { name: 'Acme Store', children: null },
  tags: ['autodocs'],
} satisfies Meta<typeof WidgetPanel.Root>

export default meta
type Story = StoryObj<typeof meta>

/** Opened for the first time: the greeting, the message box focused. */
export const OpenEmpty: Story = {
  render: () => (
    <Stage>
      <StoryPanel messages={[]} />
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('dialog', { name: 'Chat with Acme Store' })).toBeVisible()
    await expect(canvas.getByRole('heading', { name: 'Send us a message' })).toBeVisible()
    await waitFor(() => expect(canvas.getByRole('textbox', { name: 'Message' })).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await expect(spies.onClose).toHaveBeenCalledTimes(1)
  },
}

/**
 * The visitor's view: their messages on the right with ticks (clock, one, two, read), the desk's on the left
 * with the agent's name, an image inline, a file chip, a deleted message, and one that did not go out.
 */
export const CustomerConversation: Story = {
  render: () => (
    <Stage>
      <StoryPanel messages={[...CONVERSATION, FAILED]} />
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const log = canvas.getByRole('log', { name: 'Conversation' })
    await expect(log).toHaveAttribute('aria-live', 'polite')
    await expect(within(log).getByText('Yesterday')).toBeVisible()
    await expect(within(log).getByText('Today')).toBeVisible()
    await expect(within(log).getByRole('img', { name: 'receipt.png' })).toBeInTheDocument()
    await expect(within(log).getByRole('link', { name: /invoice-4512\.pdf/ })).toBeInTheDocument()
    await waitFor(() => expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 1))
    await userEvent.click(within(log).getByRole('button', { name: 'Send again' }))
    await expect(spies.onResend).toHaveBeenCalledWith(FAILED)
    const box = canvas.getByRole('textbox', { name: 'Message' })
    await userEvent.click(box)
    await userEvent.keyboard('Where is it now?{Enter}')
    await expect(spies.onSend).toHaveBeenCalledWith('Where is it now?')
    await expect(box).toHaveValue('')
  },
}

/** A partner's agent on the ticket: the desk's side on the right; `/` opens the quick answers. */
export const AgentQuickAnswers: Story = {
  render: () => (
    <Stage>
      <StoryPanel mode="agent" messages={CONVERSATION.slice(0, 7)} quickAnswers={QUICK_ANSWERS} />
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('textbox', { name: 'Message' }))
    await userEvent.keyboard('/t')
    const list = await canvas.findByRole('listbox', { name: 'Quick answers' })
    await expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['/greetingHello! How can I help you today?', '/trackingYour tracking code is on its way by e-mail.'])
    await expect(spies.onQuickAnswerSearch).toHaveBeenLastCalledWith('t')
    await userEvent.keyboard('{ArrowDown}')
    await expect(within(list).getByRole('option', { selected: true })).toHaveTextContent('/tracking')
  },
}

/** A partner user who is not the ticket's assignee reads along. */
export const ReadOnlyAgent: Story = {
  render: () => (
    <Stage>
      <StoryPanel mode="agent" messages={CONVERSATION.slice(0, 7)} canReply={false} />
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('status')).toHaveTextContent('Only the agent this ticket is assigned to')
    await expect(canvas.queryByRole('textbox', { name: 'Message' })).toBeNull()
  },
}

/** Three days of history: Load earlier at the top, day separators, the newest in view; up the list, a jump button. */
export const LongConversation: Story = {
  render: () => (
    <Stage>
      <StoryPanel messages={LONG_CONVERSATION} hasMore />
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const log = canvas.getByRole('log', { name: 'Conversation' })
    await waitFor(() => expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 1))
    await expect(within(log).getByText('January 13, 2026')).toBeInTheDocument()
    await expect(within(log).getByText('Yesterday')).toBeInTheDocument()
    log.scrollTop = 0
    await userEvent.click(within(log).getByRole('button', { name: 'Load earlier messages' }))
    await expect(spies.onLoadEarlier).toHaveBeenCalledTimes(1)
    const jump = await canvas.findByRole('button', { name: 'Jump to the latest messages' })
    await userEvent.click(jump)
    await waitFor(() => expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 1))
  },
}

/** A message on its way: Send spins; a photo waits with its preview. */
export const Sending: Story = {
  render: () => (
    <Stage>
      <StoryPanel
        messages={CONVERSATION.slice(0, 4)}
        sending
        initialValue="Here is the label"
        initialAttachments={[{ name: 'label.png', previewUrl: CONVERSATION[2].mediaUrl }, { name: 'notes.txt' }]}
      />
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: 'Sending…' })).toBeDisabled()
    // The files belong to the message on its way.
    await expect(canvas.getByRole('button', { name: 'Remove notes.txt' })).toBeDisabled()
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toBeEnabled()
  },
}

/** The host's own colour (`primaryColor`), here a deep blue with white text on it. */
export const HostColour: Story = {
  render: () => (
    <Stage>
      <StoryPanel primaryColor="#1d4ed8" messages={CONVERSATION.slice(4)} />
    </Stage>
  ),
}

export const Light: Story = {
  globals: { colorMode: 'light' },
  render: () => (
    <Stage>
      <StoryPanel messages={[...CONVERSATION, FAILED]} />
    </Stage>
  ),
}

/** A phone: the panel fills the screen, the close button stays in reach. */
export const MobileFullScreen: Story = {
  globals: { viewport: { value: 'phone' } },
  parameters: { screenshot: 'viewport' },
  render: () => <StoryPanel fullScreen messages={CONVERSATION} />,
  play: async ({ canvasElement }) => {
    const close = within(canvasElement).getByRole('button', { name: 'Close chat' })
    await expect(close).toBeVisible()
    await userEvent.click(close)
    await expect(spies.onClose).toHaveBeenCalled()
  },
}
