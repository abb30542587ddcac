import { Box, Button } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { HttpResponse, http } from 'msw'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { imageMessage, incomingText, ownText } from '../message-bubble/fixtures'
import { ConversationMessageList } from './ConversationMessageList'
import { longConversation } from './fixtures'

/** Windowing stories: long conversations keep only the rows in view in the DOM. */
const meta = {
  title: 'Components/ConversationMessageList',
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
/**
 * Scrolls `views` heights above the bottom, again until the list stays there (a scroll to the bottom that is still
 * settling may take it back once), the way a reader keeps scrolling.
 */
const scrollUp = (log: HTMLElement, views: number) =>
  waitFor(async () => {
    if (log.scrollHeight - log.scrollTop - log.clientHeight < log.clientHeight) {
      log.scrollTop = log.scrollHeight - log.clientHeight * views
    }
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await new Promise((resolve) => requestAnimationFrame(resolve))
    await expect(log.scrollHeight - log.scrollTop - log.clientHeight).toBeGreaterThan(log.clientHeight - 2)
  })

/** The element is inside the log's visible area. */
const inView = (log: HTMLElement, el: Element) => {
  const view = log.getBoundingClientRect()
  const box = el.getBoundingClientRect()
  return box.top >= view.top - 1 && box.bottom <= view.bottom + 1
}

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
    await userEvent.click(await canvas.findByRole('button', { name: '1 new message: jump to the latest' }))
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

/**
 * Up the list, messages that arrive are counted on a "N new messages" button; pressing it (here with the
 * keyboard) shows them and clears the count; the agent's own message always brings the list to the bottom.
 * The picture: scrolled up again, two more messages arrived.
 */
export const JumpButtonCountsNewMessages: Story = {
  render: function Render(args) {
    const [messages, setMessages] = useState(() => longConversation(120))
    const add = (fromMe: boolean) =>
      setMessages((current) => [
        ...current,
        fromMe
          ? { ...ownText, id: current.length + 1, body: `My answer ${current.length - 119}` }
          : { ...incomingText, id: current.length + 1, body: `New message ${current.length - 119}` },
      ])
    return (
      <>
        <Box display="flex" gap="2" marginBottom="2">
          <Button size="xs" onClick={() => add(false)}>
            Receive a message
          </Button>
          <Button size="xs" onClick={() => add(true)}>
            Send a message
          </Button>
        </Box>
        <ConversationMessageList {...args} messages={messages} />
      </>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const log = canvas.getByRole('log', { name: 'Messages' })
    const receive = canvas.getByRole('button', { name: 'Receive a message' })
    await waitFor(() => expect(atBottom(log)).toBe(true))

    await scrollUp(log, 3)
    await canvas.findByRole('button', { name: 'Jump to the latest messages' })
    await userEvent.click(receive)
    await userEvent.click(receive)
    await userEvent.click(receive)
    const jump = await canvas.findByRole('button', { name: '3 new messages: jump to the latest' })
    await expect(jump).toHaveTextContent('3 new messages')
    // They wait below: the view stayed where the reader was.
    const third = canvas.queryByText('New message 3')
    await expect(third === null || !inView(log, third)).toBe(true)
    await expect(atBottom(log)).toBe(false)

    jump.focus()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(inView(log, canvas.getByText('New message 3'))).toBe(true))
    await waitFor(() => expect(atBottom(log)).toBe(true))
    await expect(canvas.queryByRole('button', { name: /new messages?: jump/ })).toBeNull()
    await expect(log).toHaveFocus()

    // Own messages: up the list, sending one shows it at once.
    await scrollUp(log, 3)
    await userEvent.click(canvas.getByRole('button', { name: 'Send a message' }))
    await waitFor(() => expect(inView(log, canvas.getByText('My answer 4'))).toBe(true))
    await waitFor(() => expect(atBottom(log)).toBe(true))

    // The count starts again from the bottom.
    await scrollUp(log, 2)
    await canvas.findByRole('button', { name: 'Jump to the latest messages' })
    await userEvent.click(receive)
    await userEvent.click(receive)
    await canvas.findByRole('button', { name: '2 new messages: jump to the latest' })
  },
}

// The last message's picture answers only when the story lets it, like a photo on a slow network.
const LATE_PHOTO = '/story-media/late-photo.svg'
const LATE_PHOTO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="200"><rect width="320" height="200" fill="#1e3a8a"/><circle cx="80" cy="70" r="36" fill="#facc15"/></svg>'
let releasePhoto = () => {}
let photoReleased = Promise.resolve()

/**
 * At the bottom, the list stays at the bottom when the view shrinks (the composer grows with attachments)
 * and when the newest message's picture loads after the message is drawn.
 */
export const PinnedWhileImageLoadsLate: Story = {
  beforeEach: () => {
    photoReleased = new Promise<void>((resolve) => {
      releasePhoto = resolve
    })
  },
  parameters: {
    msw: {
      handlers: [
        http.get(LATE_PHOTO, async () => {
          await photoReleased
          return new HttpResponse(LATE_PHOTO_SVG, { headers: { 'Content-Type': 'image/svg+xml' } })
        }),
      ],
    },
  },
  render: function Render(args) {
    const [messages, setMessages] = useState(() => longConversation(60))
    const [tray, setTray] = useState(false)
    const add = () =>
      setMessages((current) => [
        ...current,
        { ...imageMessage, id: current.length + 1, body: 'Photo of the label', mediaUrl: LATE_PHOTO },
      ])
    return (
      <>
        <Box display="flex" gap="2" marginBottom="2">
          <Button size="xs" onClick={add}>
            Receive a photo
          </Button>
          <Button size="xs" onClick={() => setTray((open) => !open)}>
            Attach files
          </Button>
        </Box>
        <ConversationMessageList {...args} messages={messages} />
        {tray && <Box height="200px" flexShrink="0" bg="bg.muted" data-testid="tray" />}
      </>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const log = canvas.getByRole('log', { name: 'Messages' })
    await waitFor(() => expect(atBottom(log)).toBe(true))
    const newest = canvas.getByText(/^Message number 60:/)

    // The view loses 200 px under the list: the newest message stays in view.
    await userEvent.click(canvas.getByRole('button', { name: 'Attach files' }))
    await waitFor(() => expect(canvas.getByTestId('tray')).toBeVisible())
    await waitFor(() => expect(atBottom(log)).toBe(true))
    await expect(inView(log, newest)).toBe(true)
    await userEvent.click(canvas.getByRole('button', { name: 'Attach files' }))
    await waitFor(() => expect(canvas.queryByTestId('tray')).toBeNull())

    await userEvent.click(canvas.getByRole('button', { name: 'Receive a photo' }))
    const photo = await canvas.findByRole('img', { name: 'Photo of the label' })
    await expect((photo as HTMLImageElement).naturalHeight).toBe(0)
    await waitFor(() => expect(atBottom(log)).toBe(true))
    const before = log.scrollHeight
    releasePhoto()
    await waitFor(() => expect((photo as HTMLImageElement).naturalHeight).toBe(200))
    await waitFor(() => expect(log.scrollHeight).toBeGreaterThan(before + 100))
    await waitFor(() => expect(atBottom(log)).toBe(true))
    await expect(inView(log, photo)).toBe(true)
  },
}
