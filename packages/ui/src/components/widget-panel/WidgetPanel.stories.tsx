import { Button } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { CONVERSATION, FAILED, LONG_CONVERSATION, QUICK_ANSWERS } from './fixtures'
import { Stage, StoryPanel, spies } from './story-panel'
import { WidgetPanel } from './WidgetPanel'

const meta = {
  title: 'Components/WidgetPanel',
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
    // The agent is named once, above the text: the signature the desk put in front of it is not repeated.
    await expect(within(log).getByText(/^Hello! Let me check/)).toBeVisible()
    await expect(within(log).queryByText(/Carla Dias:/)).toBeNull()
    // Images and files are drawn once their part has loaded.
    await expect(await within(log).findByRole('img', { name: 'receipt.png' })).toBeInTheDocument()
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

/**
 * The emoji picker opens above the message box, inside the panel (and its focus trap): a search and Enter put
 * the first match in at the caret; Esc closes the picker, not the panel.
 */
export const Emoji: Story = {
  render: () => (
    <Stage>
      <StoryPanel messages={CONVERSATION.slice(5)} initialValue="Thanks " />
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const box = canvas.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement
    await waitFor(() => expect(box).toHaveFocus())
    box.setSelectionRange(box.value.length, box.value.length)
    await userEvent.click(canvas.getByRole('button', { name: 'Emoji' }))
    const picker = await canvas.findByRole('dialog', { name: 'Emoji' })
    const search = await within(picker).findByRole('searchbox', { name: /emoji/i })
    const grid = await within(picker).findByRole('grid')
    await waitFor(() => expect(search).toHaveFocus())
    await userEvent.keyboard('thumbs up')
    await waitFor(() => expect(within(grid).getAllByRole('gridcell')[0]).toHaveAccessibleName('Thumbs up'))
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(box).toHaveValue('Thanks \u{1F44D}\uFE0F'))
    await waitFor(() => expect(box).toHaveFocus())
    await userEvent.click(canvas.getByRole('button', { name: 'Emoji' }))
    await within(await canvas.findByRole('dialog', { name: 'Emoji' })).findByRole('grid')
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(canvas.queryByRole('dialog', { name: 'Emoji' })).toBeNull())
    await expect(spies.onClose).not.toHaveBeenCalled()
    await expect(canvas.getByRole('button', { name: 'Emoji' })).toHaveFocus()
    // The picture: the picker open on its first categories.
    await userEvent.click(canvas.getByRole('button', { name: 'Emoji' }))
    const again = await canvas.findByRole('dialog', { name: 'Emoji' })
    await within(again).findByRole('gridcell', { name: 'Grinning face' })
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
    // Opened at the newest message: the frame may mark the conversation read up to it.
    await expect(spies.onSeenLatest).toHaveBeenCalledTimes(1)
    await expect(spies.onSeenLatest).toHaveBeenCalledWith(LONG_CONVERSATION.at(-1))
    await expect(within(log).getByText('January 13, 2026')).toBeInTheDocument()
    await expect(within(log).getByText('Yesterday')).toBeInTheDocument()
    log.scrollTop = 0
    await userEvent.click(within(log).getByRole('button', { name: 'Load earlier messages' }))
    await expect(spies.onLoadEarlier).toHaveBeenCalledTimes(1)
    const jump = await canvas.findByRole('button', { name: 'Jump to the latest messages' })
    await userEvent.click(jump)
    await waitFor(() => expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 1))
    // The picture: where yesterday turns into today, the jump button over the list.
    within(log).getByText('Today').scrollIntoView({ block: 'center' })
    await canvas.findByRole('button', { name: 'Jump to the latest messages' })
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
    await expect(await canvas.findByRole('button', { name: 'Remove notes.txt' })).toBeDisabled()
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toBeEnabled()
  },
}

/** The connection dropped: the message box waits (`disabled`) with what was typed, until the frame is back. */
export const Disconnected: Story = {
  render: () => (
    <Stage>
      <StoryPanel messages={CONVERSATION.slice(5)} disabled initialValue="Are you still there?" />
    </Stage>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('textbox', { name: 'Message' })).toBeDisabled()
    for (const name of ['Emoji', 'Attach a file', 'Send'])
      await expect(canvas.getByRole('button', { name })).toBeDisabled()
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
    close.blur()
  },
}

/**
 * Reading older messages while the desk answers: the list stays put and the jump button counts one new
 * message, also when the visitor's message on its way gets its stored id at the same moment.
 */
export const ArrivalWhileReading: Story = {
  render: function Render() {
    const [messages, setMessages] = useState(() => LONG_CONVERSATION.slice(0, 30).concat(CONVERSATION[8]))
    const receive = () =>
      setMessages((current) => [
        ...current.slice(0, -1),
        { ...CONVERSATION[8], id: 9, ack: 1 },
        { ...CONVERSATION[5], id: 10, createdAt: '2026-01-15T10:30:00.000Z', body: 'Yes, we can change it.' },
      ])
    return (
      <Stage>
        <Button size="xs" marginBottom="2" onClick={receive}>
          Receive an answer
        </Button>
        <StoryPanel messages={messages} />
      </Stage>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const log = canvas.getByRole('log', { name: 'Conversation' })
    await waitFor(() => expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 1))
    log.scrollTop = 200
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Jump to the latest messages' })).toBeVisible())
    await userEvent.click(canvas.getByRole('button', { name: 'Receive an answer' }))
    const jump = await canvas.findByRole('button', { name: '1 new message: jump to the latest' })
    await expect(log.scrollTop).toBe(200)
    await expect(spies.onSeenLatest).toHaveBeenCalledTimes(1)
    await userEvent.click(jump)
    await waitFor(() => expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 1))
    await expect(spies.onSeenLatest).toHaveBeenLastCalledWith(expect.objectContaining({ id: 10 }))
  },
}
