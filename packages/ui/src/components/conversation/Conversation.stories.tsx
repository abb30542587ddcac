import { Box, Button } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { nextFrames } from '../../testing'
import { BOT_SWITCH_KINDS, BotSwitches } from '../bot-switches/BotSwitches'
import { sampleLanes } from '../kanban-card/fixtures'
import { LaneSelector } from '../lane-selector/LaneSelector'
import {
  audioMessage,
  deletedMessage,
  fileMessage,
  imageMessage,
  incomingText,
  locationMessage,
  ownReply,
  ownText,
  vcardMessage,
} from '../message-bubble/fixtures'
import type { MessageBubbleMessage } from '../message-bubble/types'
import { Conversation } from './Conversation'

const MESSAGES = [
  incomingText,
  ownText,
  ownReply,
  imageMessage,
  audioMessage,
  locationMessage,
  vcardMessage,
  fileMessage,
]

/** A long history, one message every 20 minutes; message 100 would be at 10:20 on 2026-01-15. */
const history = (count: number, firstId = 1): MessageBubbleMessage[] =>
  Array.from({ length: count }, (_, i) => ({
    ...(i % 2 ? ownText : incomingText),
    id: firstId + i,
    body: `Message number ${firstId + i}`,
    createdAt: new Date(Date.parse('2026-01-15T10:20:00Z') - (100 - firstId - i) * 20 * 60_000).toISOString(),
  }))

const meta = {
  title: 'Components/Conversation',
  component: Conversation.Root,
  args: { height: '640px', children: null },
  parameters: { layout: 'fullscreen' },
  tags: ['autodocs'],
} satisfies Meta<typeof Conversation.Root>

export default meta
type Story = StoryObj<typeof meta>

const header = {
  contact: { name: 'Ana Souza' },
  onBack: fn(),
  onContactClick: fn(),
  onAccept: fn(),
  onReturn: fn(),
  onResolve: fn(),
  onReopen: fn(),
  onTransfer: fn(),
  onDelete: fn(),
}
const list = { onReply: fn(), onDelete: fn(), onPlaybackRateChange: fn(), onStartChat: fn(), onLoadOlder: fn() }

const input = {
  value: '',
  onChange: fn(),
  onSend: fn(),
  sign: true,
  onSignChange: fn(),
  onAttach: fn(),
  onRecordStart: fn(),
}

const frame = (children: React.ReactNode, height = '640px') => (
  <Box width="3xl" padding="4">
    <Conversation.Root height={height}>{children}</Conversation.Root>
  </Box>
)

/** Open: Return and Resolve; the options menu has Transfer, and Delete for admins. */
export const OpenTicket: Story = {
  render: () =>
    frame(
      <>
        <Conversation.Header {...header} status="open" assignedTo="Carla Dias" canDelete />
        <Conversation.MessageList {...list} messages={MESSAGES} />
        <Conversation.Input {...input} />
      </>,
    ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Resolve' }))
    await expect(header.onResolve).toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Return' }))
    await expect(header.onReturn).toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Back to tickets' }))
    await expect(header.onBack).toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: /Ana Souza/ }))
    await expect(header.onContactClick).toHaveBeenCalled()
    await expect(canvas.queryByRole('button', { name: 'Reopen' })).toBeNull()
    // Day separators and the newest message in view.
    await expect(canvas.getByText('14/01/2026')).toBeVisible()
    await expect(canvas.getByText('15/01/2026')).toBeVisible()
    const log = canvas.getByRole('log', { name: 'Messages' })
    await waitFor(() => expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 1))
  },
}

/** The header and bot switches of a conversation `width` px wide (the contact panel open beside it). */
const besidePanel = (width: number) => () => (
  <Box width={`${width}px`}>
    <Conversation.Root height="160px">
      <Conversation.Header
        {...header}
        contact={{ name: 'Ana Souza Lima' }}
        status="open"
        assignedTo="Carla Dias"
        canDelete
        laneSelector={<LaneSelector lanes={sampleLanes} value="1" onChange={fn()} />}
      />
      <BotSwitches
        switches={BOT_SWITCH_KINDS.map((kind) => ({ kind, state: 'off', configured: kind === 'n8n' }))}
        onToggle={fn()}
      />
    </Conversation.Root>
  </Box>
)

/** Shown whole: not cut to an ellipsis, nor to nothing. */
const expectWholeName = async (canvasElement: HTMLElement, name: string) => {
  const text = within(canvasElement).getByText(name)
  await expect(text).toBeVisible()
  await expect(text.clientWidth).toBeGreaterThan(60)
  await expect(text.scrollWidth).toBeLessThanOrEqual(text.clientWidth)
}

/**
 * 480 px, as at 1440 px with the ticket list and the contact panel open: the name keeps its room, Return and
 * Resolve fold into the options menu, the lane stays; the header and the bot switches are one row each.
 */
export const BesideContactPanel: Story = {
  render: besidePanel(480),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expectWholeName(canvasElement, 'Ana Souza Lima')
    // The header folds its actions once it has measured its width (after the first layout).
    await waitFor(() => {
      expect(canvas.queryByRole('button', { name: 'Resolve' })).toBeNull()
      expect(canvas.queryByRole('button', { name: 'Return' })).toBeNull()
      expect(canvas.getByTestId('conversation-header').getBoundingClientRect().height).toBeLessThan(64)
      expect(canvas.getByRole('group', { name: 'Bots' }).getBoundingClientRect().height).toBeLessThan(40)
    })
    await expect(canvas.getByRole('combobox', { name: 'Lane' })).toBeVisible()
    canvas.getByRole('button', { name: 'Ticket options' }).focus()
    await userEvent.keyboard('{Enter}')
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu')
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Return', 'Resolve', 'Transfer', 'Delete'])
    // The menu takes the focus a frame after it opens; Escape pressed before that reaches the button instead
    // (a whole run on a loaded machine did so).
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('menu')).toBeNull())
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

/** 620 px: Resolve stays beside the lane; Return, the secondary action, is the first to fold into the menu. */
export const HeaderMidWidth: Story = {
  render: besidePanel(620),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expectWholeName(canvasElement, 'Ana Souza Lima')
    await expect(canvas.getByRole('button', { name: 'Resolve' })).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Return' })).toBeNull()
    await expect(canvas.getByTestId('conversation-header').getBoundingClientRect().height).toBeLessThan(64)
  },
}

export const OptionsMenu: Story = {
  render: () => frame(<Conversation.Header {...header} status="open" canDelete />, '72px'),
  play: async ({ canvasElement }) => {
    const doc = within(canvasElement.ownerDocument.body)
    within(canvasElement).getByRole('button', { name: 'Ticket options' }).focus()
    await userEvent.keyboard('{Enter}')
    const menu = await doc.findByRole('menu')
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Transfer', 'Delete'])
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Transfer' })).toHaveAttribute('data-highlighted'),
    )
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(header.onTransfer).toHaveBeenCalled())
  },
}

/** Without `canDelete` the options menu has Transfer only. */
export const OptionsWithoutDelete: Story = {
  render: () => frame(<Conversation.Header {...header} status="open" />, '72px'),
  play: async ({ canvasElement }) => {
    within(canvasElement).getByRole('button', { name: 'Ticket options' }).focus()
    await userEvent.keyboard('{Enter}')
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu')
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Transfer'])
    await waitFor(() => expect(menu).toHaveFocus())
    await userEvent.keyboard('{Escape}')
    await waitFor(() =>
      expect(canvasElement.ownerDocument.querySelector('[role="menu"][data-state="open"]')).toBeNull(),
    )
    ;(document.activeElement as HTMLElement | null)?.blur()
  },
}

export const PendingTicket: Story = {
  render: () =>
    frame(
      <>
        <Conversation.Header {...header} status="pending" />
        <Conversation.MessageList {...list} messages={[incomingText]} />
      </>,
    ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }))
    await expect(header.onAccept).toHaveBeenCalled()
    await expect(canvas.queryByRole('button', { name: 'Resolve' })).toBeNull()
  },
}

export const ClosedTicket: Story = {
  render: () =>
    frame(
      <>
        <Conversation.Header {...header} status="closed" assignedTo="Carla Dias" />
        <Conversation.MessageList {...list} messages={[incomingText, ownText, deletedMessage]} />
        <Conversation.Input {...input} disabled />
      </>,
    ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.click(canvas.getByRole('button', { name: 'Reopen' }))
    await expect(header.onReopen).toHaveBeenCalled()
    await expect(canvas.queryByRole('button', { name: 'Return' })).toBeNull()
  },
}

export const Busy: Story = {
  render: () => frame(<Conversation.Header {...header} status="open" isBusy />, '72px'),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Return' })).toBeDisabled()
  },
}

/** Group tickets name the sender of each incoming message. */
export const Group: Story = {
  render: () =>
    frame(
      <>
        <Conversation.Header {...header} contact={{ name: 'Support group' }} status="open" />
        <Conversation.MessageList
          {...list}
          isGroup
          messages={[
            incomingText,
            { ...incomingText, id: 50, body: 'Same here', contact: { id: 6, name: 'Bruno Lima' } },
            ownText,
          ]}
        />
      </>,
    ),
  play: async ({ canvasElement }) => {
    const log = within(canvasElement).getByRole('log', { name: 'Messages' })
    await expect(within(log).getByText('Bruno Lima')).toBeVisible()
  },
}

/**
 * The header marks the channel (web chat here) beside the name; a group whose name is not known yet reads
 * "Group …" and the end of its id.
 */
export const ChannelAndUnnamedGroup: Story = {
  render: () =>
    frame(
      <>
        <Conversation.Header {...header} channel="webchat" status="open" />
        <Conversation.Header
          {...header}
          contact={{ name: '120363025246125486', number: '120363025246125486', isGroup: true }}
          channel="web-session"
          status="pending"
        />
      </>,
      '144px',
    ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('img', { name: 'Web chat' })).toBeVisible()
    await expect(canvas.getByRole('img', { name: 'WhatsApp (web session)' })).toBeVisible()
    await expect(canvas.getByText('Group …5486')).toBeVisible()
    await expect(canvas.queryByText('120363025246125486')).toBeNull()
  },
}

export const Empty: Story = {
  render: () =>
    frame(
      <>
        <Conversation.Header {...header} status="open" />
        <Conversation.MessageList {...list} messages={[]} />
      </>,
    ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Say hello to your new contact!')).toBeVisible()
  },
}

export const LoadingOlder: Story = {
  render: () =>
    frame(
      <>
        <Conversation.Header {...header} status="open" />
        <Conversation.MessageList {...list} messages={history(4)} isLoading hasMore />
      </>,
    ),
}

/**
 * Opens at the newest message. Scrolling to within 50 px of the top asks for older messages once; when they
 * arrive above, the message in view stays where it was.
 */
export const LoadOlder: Story = {
  render: function Render() {
    const [messages, setMessages] = useState(() => history(30, 31))
    const [loading, setLoading] = useState(false)
    return frame(
      <>
        <Conversation.Header {...header} status="open" />
        <Conversation.MessageList
          {...list}
          messages={messages}
          hasMore={messages.length < 60}
          isLoading={loading}
          onLoadOlder={() => {
            list.onLoadOlder()
            setLoading(true)
            setTimeout(() => {
              setMessages((current) => [...history(30, 1), ...current])
              setLoading(false)
            }, 50)
          }}
        />
      </>,
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const log = canvas.getByRole('log', { name: 'Messages' })
    await waitFor(() => expect(log.scrollTop + log.clientHeight).toBeGreaterThanOrEqual(log.scrollHeight - 1))
    await expect(list.onLoadOlder).not.toHaveBeenCalled()
    log.scrollTop = 120
    await new Promise((resolve) => setTimeout(resolve, 200))
    await expect(list.onLoadOlder).not.toHaveBeenCalled()
    const anchor = canvas.getByText('Message number 31')
    log.scrollTop = 30
    await waitFor(() => expect(canvas.getByText('Message number 30')).toBeInTheDocument())
    await expect(list.onLoadOlder).toHaveBeenCalledTimes(1)
    // The first message of the earlier page is still near the top of the view, not pushed out of it.
    const offset = anchor.getBoundingClientRect().top - log.getBoundingClientRect().top
    await expect(offset).toBeGreaterThan(0)
    await expect(offset).toBeLessThan(200)
    log.scrollTop = log.scrollHeight
  },
}

/**
 * Opened with six unread messages: the divider "6 unread messages" sits above the first of them, at the top of
 * the view. A message that arrives meanwhile waits below, counted on the jump button; the divider stays.
 */
export const UnreadDivider: Story = {
  render: function Render() {
    const [messages, setMessages] = useState(() => history(40, 61))
    const receive = () => setMessages((current) => [...current, { ...incomingText, id: 101, body: 'Are you there?' }])
    return (
      <>
        <Button size="xs" margin="4" marginBottom="0" onClick={receive}>
          Receive a message
        </Button>
        {frame(
          <>
            <Conversation.Header {...header} status="open" />
            <Conversation.MessageList {...list} messages={messages} unreadCount={6} />
            <Conversation.Input {...input} />
          </>,
        )}
      </>
    )
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const log = canvas.getByRole('log', { name: 'Messages' })
    const divider = await canvas.findByRole('separator', { name: '6 unread messages' })
    const offset = () => divider.getBoundingClientRect().top - log.getBoundingClientRect().top
    await waitFor(() => expect(offset()).toBeLessThan(40))
    await expect(offset()).toBeGreaterThanOrEqual(0)
    // The first unread message is the sixth incoming one from the end, right under the divider.
    const firstUnread = canvas.getByText('Message number 89')
    await expect(divider.compareDocumentPosition(firstUnread) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy()
    const newest = canvas.queryByText('Message number 100')
    await expect(newest === null || newest.getBoundingClientRect().top > log.getBoundingClientRect().bottom).toBe(true)
    await expect(canvas.getByRole('button', { name: 'Jump to the latest messages' })).toBeVisible()

    const before = offset()
    await userEvent.click(canvas.getByRole('button', { name: 'Receive a message' }))
    await canvas.findByRole('button', { name: '1 new message: jump to the latest' })
    await expect(Math.abs(offset() - before)).toBeLessThan(2)
    await expect(canvas.getByRole('separator', { name: '6 unread messages' })).toBe(divider)
  },
}

export const Catalog: Story = {
  render: () => (
    <Box display="grid" gridTemplateColumns="repeat(2, 36rem)" gap="4" padding="4">
      <Conversation.Root height="560px">
        <Conversation.Header {...header} status="open" assignedTo="Carla Dias" canDelete />
        <Conversation.MessageList {...list} messages={MESSAGES} />
        <Conversation.Input {...input} />
      </Conversation.Root>
      <Box display="grid" gap="4">
        <Conversation.Root height="180px">
          <Conversation.Header {...header} contact={{ name: 'Bruno Lima' }} status="pending" />
          <Conversation.MessageList {...list} messages={[]} />
        </Conversation.Root>
        <Conversation.Root height="180px">
          <Conversation.Header {...header} contact={{ name: 'Diego Rocha' }} status="closed" />
          <Conversation.MessageList {...list} messages={[]} isLoading hasMore />
        </Conversation.Root>
      </Box>
    </Box>
  ),
}

export const Light: Story = {
  render: Catalog.render,
  globals: { colorMode: 'light' },
}

export const Spanish: Story = {
  render: Catalog.render,
  globals: { locale: 'es' },
}

const onPhoneResolve = fn()

/**
 * A phone (390 px): Return and Resolve fold into the options menu, so the contact's name keeps its room and
 * the input the whole width; the menu works from the keyboard.
 */
export const Phone: Story = {
  globals: { viewport: { value: 'phone' } },
  render: () => (
    <Conversation.Root height="100dvh">
      <Conversation.Header
        {...header}
        contact={{ name: 'Maria Aparecida dos Santos' }}
        onResolve={onPhoneResolve}
        status="open"
        assignedTo="Carla Dias"
        canDelete
      />
      <Conversation.MessageList {...list} messages={MESSAGES} />
      <Conversation.Input {...input} />
    </Conversation.Root>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Maria Aparecida dos Santos')).toBeVisible()
    await expect(canvas.queryByRole('button', { name: 'Resolve' })).toBeNull()
    canvas.getByRole('button', { name: 'Ticket options' }).focus()
    await userEvent.keyboard('{Enter}')
    const menu = await within(canvasElement.ownerDocument.body).findByRole('menu')
    await expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Return', 'Resolve', 'Transfer', 'Delete'])
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Return' })).toHaveAttribute('data-highlighted'),
    )
    await userEvent.keyboard('{ArrowDown}')
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Resolve' })).toHaveAttribute('data-highlighted'),
    )
    await nextFrames()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(onPhoneResolve).toHaveBeenCalledTimes(1))
    await expect(header.onReturn).not.toHaveBeenCalled()
    // The menu hands the focus back to its button a moment later: the picture must not depend on when.
    await waitFor(() => expect(within(canvasElement.ownerDocument.body).queryByRole('menu')).toBeNull())
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Ticket options' })).toHaveFocus())
    canvas.getByRole('button', { name: 'Ticket options' }).blur()
  },
}
