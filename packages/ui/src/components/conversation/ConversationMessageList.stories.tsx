import { Box, Button } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { incomingText } from '../message-bubble/fixtures'
import { ConversationMessageList } from './ConversationMessageList'
import { longConversation } from './fixtures'

/** Windowing stories: long conversations keep only the rows in view in the DOM. */
const meta = {
  component: ConversationMessageList,
  args: { messages: [], onReply: fn(), onDelete: fn(), onLoadOlder: fn() },
  decorators: [
    (Story) => (
      <Box width="3xl" height="640px" padding="4" display="flex" flexDirection="column">
        <Story />
      </Box>
    ),
  ],
  parameters: { layout: 'fullscreen' },
  tags: ['autodocs'],
} satisfies Meta<typeof ConversationMessageList>

export default meta
type Story = StoryObj<typeof meta>

const atBottom = (log: HTMLElement) => log.scrollTop + log.clientHeight >= log.scrollHeight - 2
const rowsInDom = (log: HTMLElement) => log.querySelectorAll('[data-index]').length

const FIVE_THOUSAND = longConversation(5000)

/** 5,000 messages of varied heights (texts, quotes, images, day separators): only the rows in view are drawn. */
export const FiveThousandMessages: Story = {
  args: { messages: FIVE_THOUSAND, hasMore: false },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const log = canvas.getByRole('log', { name: 'Messages' })
    await waitFor(() => expect(canvas.getByText(/^Message number 4999:/)).toBeVisible())
    await waitFor(() => expect(atBottom(log)).toBe(true))
    await expect(rowsInDom(log)).toBeLessThan(40)
    await expect(canvas.queryByRole('button', { name: 'Jump to the latest messages' })).toBeNull()

    log.scrollTop = Math.round(log.scrollHeight / 2)
    await waitFor(() => expect(canvas.queryByText(/^Message number 4999:/)).toBeNull())
    await expect(rowsInDom(log)).toBeLessThan(40)
    const jump = await canvas.findByRole('button', { name: 'Jump to the latest messages' })
    await userEvent.click(jump)
    await waitFor(() => expect(canvas.getByText(/^Message number 4999:/)).toBeVisible())
    await waitFor(() => expect(atBottom(log)).toBe(true))
    await waitFor(() => expect(canvas.queryByRole('button', { name: 'Jump to the latest messages' })).toBeNull())
  },
}

/**
 * A new message scrolls into view while the reader is at the bottom; while they read older messages it
 * waits below and the jump button brings them back.
 */
export const FollowsNewMessages: Story = {
  render: function Render(args) {
    const [messages, setMessages] = useState(() => longConversation(300))
    const add = () =>
      setMessages((current) => [
        ...current,
        { ...incomingText, id: current.length + 1, body: `New message ${current.length - 299}` },
      ])
    return (
      <>
        <Button size="xs" alignSelf="flex-start" marginBottom="2" onClick={add}>
          Receive a message
        </Button>
        <ConversationMessageList {...args} messages={messages} />
      </>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const log = canvas.getByRole('log', { name: 'Messages' })
    const receive = canvas.getByRole('button', { name: 'Receive a message' })
    await waitFor(() => expect(atBottom(log)).toBe(true))
    await userEvent.click(receive)
    await waitFor(() => expect(canvas.getByText('New message 1')).toBeVisible())
    await waitFor(() => expect(atBottom(log)).toBe(true))

    log.scrollTop = 2000
    await waitFor(() => expect(canvas.queryByText('New message 1')).toBeNull())
    const top = log.scrollTop
    await userEvent.click(receive)
    await expect(canvas.queryByText('New message 2')).toBeNull()
    await expect(log.scrollTop).toBe(top)
    await userEvent.click(await canvas.findByRole('button', { name: 'Jump to the latest messages' }))
    await waitFor(() => expect(canvas.getByText('New message 2')).toBeVisible())
  },
}

/** Older pages of a long conversation prepend above without moving the message in view. */
export const PrependKeepsPosition: Story = {
  render: function Render(args) {
    const [messages, setMessages] = useState(() => longConversation(100, 4901, 5000))
    return (
      <ConversationMessageList
        {...args}
        messages={messages}
        hasMore={messages[0].id !== 1}
        onLoadOlder={() => {
          args.onLoadOlder?.()
          const first = Number(messages[0].id)
          setMessages((current) => [...longConversation(100, first - 100, 5000), ...current])
        }}
      />
    )
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement)
    const log = canvas.getByRole('log', { name: 'Messages' })
    await waitFor(() => expect(atBottom(log)).toBe(true))
    log.scrollTop = 60
    await waitFor(() => expect(canvas.getByText(/^Message number 4901:/)).toBeVisible())
    log.scrollTop = 10
    const top = () => canvas.getByText(/^Message number 4901:/).getBoundingClientRect().top
    const before = top()
    await waitFor(() => expect(args.onLoadOlder).toHaveBeenCalledTimes(1))
    await waitFor(() => expect(canvas.getByText(/^Message number 4900:/)).toBeInTheDocument())
    // The message in view stays where it was instead of being pushed down by the page added above.
    await waitFor(() => expect(Math.abs(top() - before)).toBeLessThan(3))
    await expect(log.scrollTop).toBeGreaterThan(1000)
  },
}
