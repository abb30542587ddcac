import { Box, Stack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { ReplyWindowNotice } from '../reply-window-notice/ReplyWindowNotice'
import { MessageInput, type MessageInputProps } from './MessageInput'

const QUICK_ANSWERS = [
  { id: 1, shortcut: 'greeting', message: 'Hello! How can I help you today?' },
  { id: 2, shortcut: 'green-card', message: 'Your loyalty card is on its way.' },
  { id: 3, shortcut: 'bye', message: 'Thank you for contacting us. Have a great day!' },
]

/** The input is controlled: stories keep its text in state, as a page would. */
function Controlled(args: MessageInputProps) {
  const [value, setValue] = useState(args.value)
  const [sign, setSign] = useState(args.sign)
  return (
    <MessageInput
      {...args}
      value={value}
      onChange={(next) => {
        args.onChange(next)
        setValue(next)
      }}
      onSend={(text) => {
        args.onSend(text)
        setValue('')
      }}
      sign={sign}
      onSignChange={(next) => {
        args.onSignChange?.(next)
        setSign(next)
      }}
    />
  )
}

const meta = {
  title: 'Components/MessageInput',
  component: MessageInput,
  args: {
    value: '',
    onChange: fn(),
    onSend: fn(),
    sign: true,
    onSignChange: fn(),
    onAttach: fn(),
    quickAnswers: QUICK_ANSWERS,
    onQuickAnswerPick: fn(),
    onCancelReply: fn(),
    onRecordStart: fn(),
    onRecordCancel: fn(),
    onRecordSend: fn(),
  },
  render: (args) => <Controlled {...args} />,
  decorators: [
    (Story) => (
      <Box width="2xl" paddingTop="64" paddingInline="4">
        <Story />
      </Box>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof MessageInput>

export default meta
type Story = StoryObj<typeof meta>

const box = (canvasElement: HTMLElement) => within(canvasElement).getByRole('textbox', { name: 'Message' })

/** Enter sends and clears; with no text the microphone shows instead of Send. */
export const Default: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: 'Record audio' })).toBeEnabled()
    await userEvent.type(box(canvasElement), 'Hello *Ana*{Enter}')
    await expect(args.onSend).toHaveBeenCalledWith('Hello *Ana*')
    await expect(box(canvasElement)).toHaveValue('')
  },
}

export const ShiftEnterAddsALine: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.type(box(canvasElement), 'first{Shift>}{Enter}{/Shift}second')
    await expect(box(canvasElement)).toHaveValue('first\nsecond')
    await expect(args.onSend).not.toHaveBeenCalled()
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Send' }))
    await expect(args.onSend).toHaveBeenCalledWith('first\nsecond')
  },
}

/** Without a recorder the Send button stays, disabled while there is only whitespace. */
export const WhitespaceIsNeverSent: Story = {
  args: { onRecordStart: undefined },
  play: async ({ args, canvasElement }) => {
    await userEvent.type(box(canvasElement), '   {Shift>}{Enter}{/Shift}  {Enter}')
    await expect(args.onSend).not.toHaveBeenCalled()
    await expect(within(canvasElement).getByRole('button', { name: 'Send' })).toBeDisabled()
  },
}

/** Grows with the text up to five rows, then scrolls. */
export const FiveRowsAtMost: Story = {
  args: { value: 'one\ntwo\nthree\nfour\nfive\nsix\nseven\neight' },
  play: async ({ canvasElement }) => {
    const el = box(canvasElement) as HTMLTextAreaElement
    const style = getComputedStyle(el)
    const rows =
      (el.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom)) /
      Number.parseFloat(style.lineHeight)
    await expect(Math.round(rows)).toBe(5)
    await expect(el.scrollHeight).toBeGreaterThan(el.clientHeight)
  },
}

/** Opens the picker and waits for its emoji (loaded on first open) to show. */
const openPicker = async (canvasElement: HTMLElement) => {
  await userEvent.click(within(canvasElement).getByRole('button', { name: 'Emoji' }))
  const page = within(canvasElement.ownerDocument.body)
  const search = await page.findByRole('searchbox', { name: /emoji/i })
  const grid = await page.findByRole('grid')
  await waitFor(() => expect(within(grid).getAllByRole('gridcell').length).toBeGreaterThan(30))
  return { search, grid }
}

/** By keyboard: the picker opens on the search box; a search and Enter put the first match in at the caret. */
export const Emoji: Story = {
  args: { value: 'Thanks ' },
  play: async ({ args, canvasElement }) => {
    const el = box(canvasElement) as HTMLTextAreaElement
    el.focus()
    el.setSelectionRange(el.value.length, el.value.length)
    const { search, grid } = await openPicker(canvasElement)
    await waitFor(() => expect(search).toHaveFocus())
    await userEvent.keyboard('thumbs up')
    await waitFor(() => expect(within(grid).getAllByRole('gridcell')[0]).toHaveAccessibleName('Thumbs up'))
    await userEvent.keyboard('{Enter}')
    // The dataset writes emoji with their presentation selector (U+FE0F).
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith('Thanks \u{1F44D}\uFE0F'))
    await waitFor(() => expect(canvasElement.ownerDocument.querySelector('[role="grid"]')).toBeNull())
    await waitFor(() => expect(el).toHaveFocus())
  },
}

/** With the pointer: a click on an emoji inserts it; a search without matches says so. */
export const EmojiPickerClick: Story = {
  args: { value: 'Thanks ' },
  play: async ({ args, canvasElement }) => {
    const el = box(canvasElement) as HTMLTextAreaElement
    el.focus()
    el.setSelectionRange(el.value.length, el.value.length)
    const { search, grid } = await openPicker(canvasElement)
    await userEvent.type(search, 'zzzz')
    await expect(await within(canvasElement.ownerDocument.body).findByText('No emoji found')).toBeVisible()
    await userEvent.clear(search)
    await userEvent.type(search, 'party popper')
    // Click once the filtered list has settled: an earlier cell may be replaced while the list re-renders.
    await waitFor(() => expect(within(grid).getAllByRole('gridcell')[0]).toHaveAccessibleName('Party popper'))
    await userEvent.click(within(grid).getAllByRole('gridcell')[0])
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith(expect.stringMatching(/^Thanks 🎉\uFE0F?$/u)))
  },
}

/** The open picker: search box and the first categories, in the dark theme. */
export const EmojiPickerOpen: Story = {
  play: async ({ canvasElement }) => {
    const { grid } = await openPicker(canvasElement)
    await expect(within(canvasElement.ownerDocument.body).getByText('Smileys & emotion')).toBeVisible()
    await expect(within(grid).getByRole('gridcell', { name: 'Grinning face' })).toBeVisible()
  },
}

/** Search placeholder and categories follow the app's language. */
export const EmojiPickerPortuguese: Story = {
  globals: { locale: 'pt-BR' },
  play: async ({ canvasElement }) => {
    const { search } = await openPicker(canvasElement)
    await expect(search).toHaveAttribute('placeholder', 'Buscar emoji')
    await expect(within(canvasElement.ownerDocument.body).getByText('Carinhas e emoções')).toBeVisible()
  },
}

export const AttachFiles: Story = {
  play: async ({ args, canvasElement }) => {
    const input = canvasElement.querySelector('input[type="file"]') as HTMLInputElement
    const file = new File(['%PDF-1.4'], 'invoice.pdf', { type: 'application/pdf' })
    await userEvent.upload(input, file)
    await expect(args.onAttach).toHaveBeenCalledWith([file])
  },
}

export const SignOff: Story = {
  args: { sign: false },
  play: async ({ args, canvasElement }) => {
    const sign = within(canvasElement).getByRole('switch', { name: 'Sign' })
    await expect(sign).toHaveAttribute('aria-checked', 'false')
    await userEvent.click(sign)
    await expect(args.onSignChange).toHaveBeenCalledWith(true)
    await expect(sign).toHaveAttribute('aria-checked', 'true')
  },
}

/** A leading `/` offers the matching quick answers; arrows move, Enter picks. */
export const QuickAnswers: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await userEvent.type(box(canvasElement), '/gr')
    const list = canvas.getByRole('listbox', { name: 'Quick answers' })
    await expect(
      within(list)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['/greetingHello! How can I help you today?', '/green-cardYour loyalty card is on its way.'])
    await userEvent.keyboard('{ArrowDown}')
    await expect(within(list).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true')
    await expect(box(canvasElement)).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[1].id)
    await userEvent.keyboard('{Enter}')
    await expect(args.onQuickAnswerPick).toHaveBeenCalledWith(QUICK_ANSWERS[1])
    await expect(box(canvasElement)).toHaveValue('Your loyalty card is on its way.')
    await expect(args.onSend).not.toHaveBeenCalled()
    await expect(canvas.queryByRole('listbox')).toBeNull()
  },
}

export const QuickAnswersOpen: Story = {
  args: { value: '/' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('option')).toHaveLength(3)
  },
}

/** Escape closes the list and Enter then sends the text as typed. */
export const QuickAnswersDismissed: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.type(box(canvasElement), '/bye')
    await userEvent.keyboard('{Escape}')
    await expect(within(canvasElement).queryByRole('listbox')).toBeNull()
    await userEvent.keyboard('{Enter}')
    await expect(args.onSend).toHaveBeenCalledWith('/bye')
  },
}

/** The quick answers could not be loaded: a leading `/` shows why, with Retry, instead of nothing. */
export const QuickAnswersFailed: Story = {
  args: {
    value: '/',
    quickAnswers: [],
    quickAnswersError: { code: 'ERR_INTERNAL' },
    onQuickAnswersRetry: fn(),
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const alert = await canvas.findByRole('alert')
    await expect(alert).toHaveTextContent('Something went wrong on the server')
    await expect(canvas.queryByRole('listbox')).toBeNull()
    await userEvent.click(within(alert).getByRole('button', { name: 'Retry' }))
    await expect(args.onQuickAnswersRetry).toHaveBeenCalled()
  },
}

export const ReplyPreview: Story = {
  args: {
    replyTo: { id: 1, body: 'Hi! My order *#4512* has not arrived yet', fromMe: false, contact: { name: 'Ana Souza' } },
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Ana Souza')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel reply' }))
    await expect(args.onCancelReply).toHaveBeenCalled()
  },
}

/** Escape in the text drops the reply being written, and keeps the text. */
export const EscapeCancelsReply: Story = {
  args: {
    replyTo: { id: 1, body: 'Hi! My order *#4512* has not arrived yet', fromMe: false, contact: { name: 'Ana Souza' } },
  },
  play: async ({ args, canvasElement }) => {
    await userEvent.type(box(canvasElement), 'It ships today{Escape}')
    await expect(args.onCancelReply).toHaveBeenCalledTimes(1)
    await expect(box(canvasElement)).toHaveValue('It ships today')
    await expect(args.onSend).not.toHaveBeenCalled()
  },
}

export const Recording: Story = {
  args: { isRecording: true, recordingSeconds: 75 },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('timer')).toHaveTextContent('01:15')
    await userEvent.click(canvas.getByRole('button', { name: 'Send recording' }))
    await expect(args.onRecordSend).toHaveBeenCalled()
    await userEvent.click(canvas.getByRole('button', { name: 'Cancel recording' }))
    await expect(args.onRecordCancel).toHaveBeenCalled()
  },
}

/** Stopped and being encoded: the buttons wait until the file is ready. */
export const RecordingBusy: Story = {
  args: { isRecording: true, recordingSeconds: 12, recordingBusy: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('button', { name: 'Send recording' })).toBeDisabled()
    await expect(canvas.getByRole('button', { name: 'Cancel recording' })).toBeDisabled()
  },
}

export const StartRecording: Story = {
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Record audio' }))
    await expect(args.onRecordStart).toHaveBeenCalled()
  },
}

/** A ticket that is not open: nothing can be typed, attached or sent. */
export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(box(canvasElement)).toBeDisabled()
    await expect(box(canvasElement)).toHaveAttribute('placeholder', 'Accept or reopen the ticket to reply')
    for (const name of ['Emoji', 'Attach files', 'Record audio']) {
      await expect(canvas.getByRole('button', { name })).toBeDisabled()
    }
    await expect(canvas.getByRole('switch', { name: 'Sign' })).toBeDisabled()
  },
}

export const Catalog: Story = {
  render: (args) => (
    <Stack gap="6">
      <MessageInput {...args} />
      <MessageInput {...args} value={'A longer reply\nover two lines'} sign={false} />
      <MessageInput
        {...args}
        replyTo={{ id: 2, body: 'It ships today, _sorry for the wait_.', fromMe: true }}
        value="Great, thanks!"
      />
      <MessageInput {...args} isRecording recordingSeconds={9} />
      <MessageInput {...args} disabled />
    </Stack>
  ),
  decorators: [
    (Story) => (
      <Box marginTop="-56">
        <Story />
      </Box>
    ),
  ],
}

export const Light: Story = {
  args: { value: '/' },
  globals: { colorMode: 'light' },
}

export const LightCatalog: Story = {
  render: Catalog.render,
  decorators: Catalog.decorators,
  globals: { colorMode: 'light' },
}

export const Portuguese: Story = {
  args: { value: '/' },
  globals: { locale: 'pt-BR' },
}

/** Files waiting for Send: each can be removed; Send takes the text as the caption. */
export const WithAttachments: Story = {
  args: { attachments: [{ name: 'receipt.png' }, { name: 'contract-2026.pdf' }], onRemoveAttachment: fn() },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('list', { name: 'Files to send' })).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Remove contract-2026.pdf' }))
    await expect(args.onRemoveAttachment).toHaveBeenCalledWith(1)
    // With files waiting, Send is offered even without text.
    await userEvent.click(canvas.getByRole('button', { name: 'Send' }))
    await expect(args.onSend).toHaveBeenCalledWith('')
  },
}

/** An Instagram conversation inside its window: the notice above the text box says until when. */
export const WithReplyWindow: Story = {
  args: {
    notice: (
      <ReplyWindowNotice
        channel="instagram"
        window={{ state: 'open', until: '2026-01-15T14:05:00.000Z', closingSoon: false, humanAgentUntil: null }}
      />
    ),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('You can answer until 14:05')).toBeVisible()
    await expect(box(canvasElement)).toBeEnabled()
  },
}

/** The window has closed: the explanation takes the place of the text box, so nothing is typed in vain. */
export const ReplyWindowClosed: Story = {
  args: {
    closedWindow: (
      <ReplyWindowNotice channel="instagram" window={{ state: 'closed', closedAt: '2026-01-14T10:30:00.000Z' }} />
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(
      canvas.getByText('The window closed on 14/01/2026 at 10:30 — the customer must write first'),
    ).toBeVisible()
    await expect(canvas.queryByRole('textbox', { name: 'Message' })).toBeNull()
  },
}
