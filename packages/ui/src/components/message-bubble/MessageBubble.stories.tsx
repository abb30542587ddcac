import { Grid, Stack } from '@chakra-ui/react'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { clickMenuItem, nextFrames } from '../../testing'
import {
  ackMessages,
  audioMessage,
  bareLocation,
  cloudLocation,
  deletedMessage,
  failedMessage,
  fileMessage,
  imageMessage,
  incomingText,
  jobMessage,
  locationMessage,
  locationNoDescription,
  locationNoThumbnail,
  ownReply,
  ownText,
  replyToAudio,
  replyToBareLocation,
  replyToCaptionedPhoto,
  replyToCaptionedVideo,
  replyToFile,
  replyToLocation,
  replyToNamedPhoto,
  replyToNamelessFile,
  replyToPhoto,
  replyToVideo,
  spreadsheetMessage,
  unknownFileMessage,
  vcardMessage,
  vcardNoNumber,
  videoMessage,
} from './fixtures'
import { MessageBubble } from './MessageBubble'

const meta = {
  title: 'Components/MessageBubble',
  component: MessageBubble,
  args: {
    message: incomingText,
    onReply: fn(),
    onDelete: fn(),
    onPlaybackRateChange: fn(),
    onStartChat: fn(),
  },
  decorators: [
    (Story) => (
      <Stack width="2xl" paddingBlock="4">
        <Story />
      </Stack>
    ),
  ],
  tags: ['autodocs'],
} satisfies Meta<typeof MessageBubble>

export default meta
type Story = StoryObj<typeof meta>

const body = (canvasElement: HTMLElement) => within(canvasElement.ownerDocument.body)

/** A closed menu gives focus back to its trigger; drop it so the screenshot does not depend on it. */
const settleFocus = async () => {
  await waitFor(() => expect(document.querySelector('[role="menu"][data-state="open"]')).toBeNull())
  ;(document.activeElement as HTMLElement | null)?.blur()
  await userEvent.unhover(document.body)
}

/**
 * A private note: the note's colours and a label naming its writer, on the writers' side; it is never sent, so
 * it shows no ticks.
 */
export const Note: Story = {
  args: {
    message: {
      ...ownText,
      id: 40,
      body: '@Bob do you know this customer? She says the refund never came.',
      isNote: true,
      noteAuthor: { id: 2, name: 'Ana Admin' },
      ack: 0,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Private note by Ana Admin — not sent to the customer')).toBeVisible()
    await expect(canvasElement.querySelector('[data-note]')).not.toBeNull()
  },
}

/** Incoming: on the left; its menu offers Reply only. */
export const Incoming: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('18:40')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'https://example.com/track/4512' })).toHaveAttribute(
      'target',
      '_blank',
    )
    await userEvent.click(canvas.getByRole('button', { name: 'Message options' }))
    const menu = await body(canvasElement).findByRole('menu')
    await expect(within(menu).queryByRole('menuitem', { name: 'Delete' })).toBeNull()
    await clickMenuItem(within(menu).getByRole('menuitem', { name: 'Reply' }))
    await expect(args.onReply).toHaveBeenCalledWith(incomingText)
    await settleFocus()
  },
}

/** Own: on the right with its acknowledgement; its menu offers Delete. */
export const Own: Story = {
  args: { message: ownText },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('img', { name: 'Read' })).toBeVisible()
    // By keyboard: open, go down to Delete, choose it.
    canvas.getByRole('button', { name: 'Message options' }).focus()
    await userEvent.keyboard('{Enter}')
    const menu = await body(canvasElement).findByRole('menu')
    await waitFor(() => expect(menu).toHaveFocus())
    await userEvent.keyboard('{ArrowDown}{ArrowDown}')
    await waitFor(() =>
      expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toHaveAttribute('data-highlighted'),
    )
    await nextFrames()
    await userEvent.keyboard('{Enter}')
    await waitFor(() => expect(args.onDelete).toHaveBeenCalledWith(ownText))
    await settleFocus()
  },
}

/** A bulk job's message in the customer's conversation: marked with its job, the answer below it is not. */
export const SentByJob: Story = {
  args: { message: jobMessage },
  render: (args) => (
    <Stack gap="0">
      <MessageBubble {...args} message={jobMessage} />
      <MessageBubble {...args} message={{ ...incomingText, id: 31, body: 'YES! Is it for the yearly plan too?' }} />
    </Stack>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Sent by bulk job #12')).toBeVisible()
    await expect(canvas.getAllByText(/Sent by bulk job/)).toHaveLength(1)
    await expect(canvas.getByText('YES! Is it for the yearly plan too?')).toBeVisible()
  },
}

/** A bulk job's picture (a file sent to a list) in the customer's conversation: the image, its caption, its job. */
export const MediaSentByJob: Story = {
  args: { message: { ...imageMessage, fromMe: true, body: 'Our new flyer', jobId: 12 } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('img', { name: 'Our new flyer' })).toBeVisible()
    await expect(canvas.getByText('Sent by bulk job #12')).toBeVisible()
  },
}

/**
 * CSS `:hover` follows a real pointer only: as a test the story moves the browser's own mouse; in the
 * Storybook UI it sends the usual synthetic events.
 */
async function pointer(action: 'hover' | 'unhover', element: Element) {
  if (!('__vitest_browser__' in globalThis)) return userEvent[action](element)
  const { userEvent: real } = await import('vitest/browser')
  await real[action](element)
}

/** The options chevron stays out of sight until the bubble is hovered, or Tab reaches it (it keeps its place in the tab order). */
/** Instagram: a customer's reply to the business's story, with the story's link. */
export const StoryReply: Story = {
  args: {
    message: {
      ...incomingText,
      body: 'Amei esse vestido!',
      story: { kind: 'reply', url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1' },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Replied to your story')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Open the story' })).toHaveAttribute(
      'href',
      'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=1',
    )
  },
}

/** Instagram: the customer mentioned the business in their own story (no text of their own). */
export const StoryMention: Story = {
  args: {
    message: {
      ...incomingText,
      body: '',
      story: { kind: 'mention', url: 'https://lookaside.fbsbx.com/ig_messaging_cdn/?asset_id=2' },
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Mentioned you in their story')).toBeVisible()
  },
}

export const OptionsOnHoverAndFocus: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    const chevron = canvas.getByRole('button', { name: 'Message options' })
    const opacity = () => getComputedStyle(chevron).opacity
    const text = canvas.getByText(/track\/4512/)
    await pointer('unhover', text)
    await expect(opacity()).toBe('0')
    await pointer('hover', text)
    await waitFor(() => expect(opacity()).toBe('1'))
    await pointer('unhover', text)
    await waitFor(() => expect(opacity()).toBe('0'))
    // By keyboard: the link comes first, then the chevron; focus on either shows it.
    await userEvent.tab()
    await expect(canvas.getByRole('link', { name: 'https://example.com/track/4512' })).toHaveFocus()
    await waitFor(() => expect(opacity()).toBe('1'))
    await userEvent.tab()
    await expect(chevron).toHaveFocus()
    await expect(opacity()).toBe('1')
  },
}

export const GroupSender: Story = {
  args: { showSender: true },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Ana Souza')).toBeVisible()
  },
}

export const QuotedReply: Story = {
  args: { message: ownReply },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Ana Souza')).toBeVisible()
  },
}

/** Deleted: a label instead of the content, and Delete disabled. */
export const Deleted: Story = {
  args: { message: deletedMessage },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('This message was deleted')).toBeVisible()
    await userEvent.click(canvas.getByRole('button', { name: 'Message options' }))
    const item = await body(canvasElement).findByRole('menuitem', { name: 'Delete' })
    await expect(item).toHaveAttribute('aria-disabled', 'true')
    await userEvent.click(item)
    await expect(args.onDelete).not.toHaveBeenCalled()
    await userEvent.keyboard('{Escape}')
    await settleFocus()
  },
}

export const NotSent: Story = {
  args: { message: failedMessage, onSendTemplate: fn() },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Not sent')).toBeVisible()
    // A failure that a template does not cure offers none.
    await expect(within(canvasElement).queryByRole('button', { name: 'Send a template' })).toBeNull()
  },
}

/** Refused because the Cloud API's reply window closed: "Send a template" opens the picker. */
export const NotSentWindowClosed: Story = {
  args: { message: { ...failedMessage, error: 'ERR_REPLY_WINDOW_CLOSED' }, onSendTemplate: fn() },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Send a template' }))
    await expect(args.onSendTemplate).toHaveBeenCalledWith(expect.objectContaining({ id: failedMessage.id }))
  },
}

export const AckLevels: Story = {
  render: (args) => (
    <>
      {ackMessages.map((message) => (
        <MessageBubble key={message.id} {...args} message={message} />
      ))}
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const name of ['Pending', 'Sent', 'Delivered', 'Read', 'Played']) {
      await expect(canvas.getByRole('img', { name })).toBeVisible()
    }
    // On the green bubble, read ticks are clearly another colour than delivered ones (CIE76 ΔE ≥ 50; the pale
    // blue they had was under 30 from the grey), and bolder.
    const colour = (name: string) => getComputedStyle(canvas.getByRole('img', { name })).color
    await expect(colourDifference(colour('Read'), colour('Delivered'))).toBeGreaterThanOrEqual(50)
    await expect(colour('Played')).toBe(colour('Read'))
    const stroke = (name: string) => Number(canvas.getByRole('img', { name }).getAttribute('stroke-width'))
    await expect(stroke('Read')).toBeGreaterThan(stroke('Delivered'))
  },
}

/** A reply to a file: the quote shows the file's type icon and its name, never an empty box. */
export const ReplyToFile: Story = {
  render: (args) => (
    <>
      <MessageBubble {...args} message={replyToFile} />
      <MessageBubble {...args} message={replyToNamelessFile} />
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    for (const name of ['invoice-4512.pdf', 'orders-january.xlsx']) {
      const file = canvas.getByText(name)
      await expect(file).toBeVisible()
      await expect(file.parentElement?.querySelector('svg')).toBeVisible()
    }
    await expect(canvas.getByText('invoice-4512.pdf').parentElement).toHaveAttribute('data-file-kind', 'pdf')
    await expect(canvas.getByText('orders-january.xlsx').parentElement).toHaveAttribute('data-file-kind', 'spreadsheet')
  },
}

/** The quote names `text` beside its kind's icon (`kind`), as WhatsApp does. */
const expectQuote = async (canvasElement: HTMLElement, text: string, kind: string) => {
  const line = within(canvasElement).getByText(text, { exact: true })
  await expect(line).toBeVisible()
  await expect(line.parentElement).toHaveAttribute('data-quoted-kind', kind)
  await expect(line.parentElement?.querySelector('svg')).toBeVisible()
}

/** A reply to a photo: a camera and "Photo", or the caption; a file name in the text is not a caption. */
export const ReplyToPhoto: Story = {
  render: (args) => (
    <>
      <MessageBubble {...args} message={replyToPhoto} />
      <MessageBubble {...args} message={replyToCaptionedPhoto} />
      <MessageBubble {...args} message={replyToNamedPhoto} />
    </>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByText('Photo', { exact: true })).toHaveLength(2)
    for (const line of within(canvasElement).getAllByText('Photo', { exact: true }))
      await expect(line.parentElement).toHaveAttribute('data-quoted-kind', 'image')
    await expectQuote(canvasElement, 'The box arrived like this', 'image')
    await expect(within(canvasElement).queryByText(/IMG_2041|parcel\.jpg/)).toBeNull()
  },
}

/** A reply to a voice note: a microphone and "Audio", never the recording's file name. */
export const ReplyToAudio: Story = {
  args: { message: replyToAudio },
  play: async ({ canvasElement }) => {
    await expectQuote(canvasElement, 'Audio', 'audio')
    await expect(within(canvasElement).queryByText('voice.ogg')).toBeNull()
  },
}

/** A reply to a video: a camera and "Video", or the caption. */
export const ReplyToVideo: Story = {
  render: (args) => (
    <>
      <MessageBubble {...args} message={replyToVideo} />
      <MessageBubble {...args} message={replyToCaptionedVideo} />
    </>
  ),
  play: async ({ canvasElement }) => {
    await expectQuote(canvasElement, 'Video', 'video')
    await expectQuote(canvasElement, 'Opening it now', 'video')
  },
}

/** A reply to a location: a pin and the place's name, or "Location" for a bare point (never the map link). */
export const ReplyToLocation: Story = {
  render: (args) => (
    <>
      <MessageBubble {...args} message={replyToLocation} />
      <MessageBubble {...args} message={replyToBareLocation} />
    </>
  ),
  play: async ({ canvasElement }) => {
    await expectQuote(canvasElement, 'Office', 'location')
    await expectQuote(canvasElement, 'Location', 'location')
    await expect(within(canvasElement).queryByText(/maps\./)).toBeNull()
  },
}

export const Image: Story = {
  args: { message: imageMessage },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'The box arrived like this' })).toBeVisible()
  },
}

/** The speed button cycles 0.5 → 1 → 1.5 → 2 → 0.5 through the controlled `playbackRate`. */
export const Audio: Story = {
  args: { message: audioMessage },
  render: function Render(args) {
    const [rate, setRate] = useState(1.5)
    return (
      <MessageBubble
        {...args}
        playbackRate={rate}
        onPlaybackRateChange={(next) => {
          args.onPlaybackRateChange?.(next)
          setRate(next)
        }}
      />
    )
  },
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement)
    const audio = canvasElement.querySelector('audio')!
    await expect(audio.playbackRate).toBe(1.5)
    await userEvent.click(canvas.getByRole('button', { name: 'Playback speed 1.5x' }))
    await expect(args.onPlaybackRateChange).toHaveBeenLastCalledWith(2)
    await userEvent.click(canvas.getByRole('button', { name: 'Playback speed 2x' }))
    await expect(args.onPlaybackRateChange).toHaveBeenLastCalledWith(0.5)
    await waitFor(() => expect(audio.playbackRate).toBe(0.5))
    await userEvent.click(canvas.getByRole('button', { name: 'Playback speed 0.5x' }))
    await expect(args.onPlaybackRateChange).toHaveBeenLastCalledWith(1)
  },
}

export const Video: Story = {
  args: { message: videoMessage },
}

export const Location: Story = {
  args: { message: locationMessage },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByRole('img', { name: 'Av. Paulista, 1000 – São Paulo' })).toBeVisible()
    const open = canvas.getByRole('link', { name: 'Open map' })
    await expect(open).toHaveAttribute('href', 'https://maps.example.com/?q=-23.5614,-46.6559')
    await expect(open).toHaveAttribute('rel', 'noopener noreferrer')
  },
}

/**
 * Every form a location arrives in renders as a card: with a thumbnail (web session), without one
 * (the simulator's `/location`), from the Cloud API (name and address), and without a description.
 */
export const Locations: Story = {
  render: (args) => (
    <Grid templateColumns="repeat(2, 22rem)" gap="2" alignItems="start">
      {[locationMessage, locationNoDescription, locationNoThumbnail, cloudLocation, bareLocation].map((message) => (
        <MessageBubble key={message.id} {...args} message={message} />
      ))}
    </Grid>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getAllByRole('link', { name: 'Open map' })).toHaveLength(5)
    await expect(canvas.getAllByText('Av. Paulista, 1000 – São Paulo')).toHaveLength(2)
    await expect(canvas.getByText(/^Office/)).toBeVisible()
    // No raw pipes anywhere, and a location without a description says what it is.
    await expect(canvas.queryByText(/\|/)).toBeNull()
    await expect(canvas.getAllByText('Location')).toHaveLength(2)
    await expect(canvas.getByRole('img', { name: 'Location' })).toBeVisible()
  },
}

export const ContactCard: Story = {
  args: { message: vcardMessage },
  play: async ({ args, canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Chat' }))
    await expect(args.onStartChat).toHaveBeenCalledWith({ name: 'Gabi Reis', number: '5511988887777' })
  },
}

export const ContactCardWithoutNumber: Story = {
  args: { message: vcardNoNumber },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('button', { name: 'Chat' })).toBeDisabled()
  },
}

export const File: Story = {
  args: { message: fileMessage },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('invoice-4512.pdf')).toBeVisible()
    await expect(canvas.getByText('PDF · 48 kB')).toBeVisible()
    const download = canvas.getByRole('link', { name: 'Download invoice-4512.pdf' })
    await expect(download).toHaveAttribute('href', '/files/invoice-4512.pdf')
    await expect(download).toHaveAttribute('download', 'invoice-4512.pdf')
  },
}

/** File cards: a PDF, a spreadsheet with its own caption and size, and an unknown type stored without a size. */
export const Files: Story = {
  render: (args) => (
    <>
      {[fileMessage, spreadsheetMessage, unknownFileMessage].map((message) => (
        <MessageBubble key={message.id} {...args} message={message} />
      ))}
    </>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Spreadsheet · 1.2 MB')).toBeVisible()
    await expect(canvas.getByText('all')).toBeVisible()
    await expect(canvas.getByText('backup-2025-12.dat')).toBeVisible()
    // Stored before sizes were kept: the type only.
    await expect(canvas.getByText('File')).toBeVisible()
    await expect(canvas.getByRole('link', { name: 'Download backup-2025-12.dat' })).toHaveAttribute(
      'href',
      '/files/backup-2025-12.dat',
    )
  },
}

/** A file under a kilobyte: its size in bytes, with the plural of each language (not "604 byte"). */
export const SmallFile: Story = {
  args: {
    message: {
      ...fileMessage,
      id: 15,
      body: 'notes.docx',
      mediaUrl: '/files/notes.docx',
      mediaName: 'notes.docx',
      mediaSize: 604,
    },
  },
  parameters: { catalog: { dimensions: [{ name: 'locale', values: ['en', 'pt-BR', 'es'] }] } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement)
    await expect(canvas.getByText('Document · 604 bytes')).toBeVisible()
    await expect(canvas.getAllByText('Documento · 604 bytes')).toHaveLength(2)
  },
}

/** A click on a picture opens it full size; Esc closes the viewer and gives focus back to the picture. */
export const ImageViewer: Story = {
  args: { message: imageMessage },
  play: async ({ canvasElement }) => {
    const picture = within(canvasElement).getByRole('button', { name: 'The box arrived like this' })
    await userEvent.click(picture)
    const dialog = await body(canvasElement).findByRole('dialog')
    await expect(within(dialog).getByRole('img', { name: 'The box arrived like this' })).toBeVisible()
    await expect(within(dialog).getByRole('link', { name: 'Download' })).toHaveAttribute('href', imageMessage.mediaUrl)
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true))
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull())
    await waitFor(() => expect(picture).toHaveFocus())
    // Open again by keyboard, for the screenshot.
    await userEvent.keyboard('{Enter}')
    await body(canvasElement).findByRole('dialog')
  },
}

/** A video opens in the same viewer, with its controls. */
export const VideoViewer: Story = {
  args: { message: videoMessage },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Play unboxing.mp4' }))
    const dialog = await body(canvasElement).findByRole('dialog')
    await expect(dialog.querySelector('video')).toHaveAttribute('controls')
    await expect(within(dialog).getByRole('heading', { name: 'unboxing.mp4' })).toBeVisible()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(body(canvasElement).queryByRole('dialog')).toBeNull())
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Play unboxing.mp4' }))
    await body(canvasElement).findByRole('dialog')
  },
}

const ALL = [
  incomingText,
  ownText,
  ownReply,
  imageMessage,
  audioMessage,
  locationMessage,
  vcardMessage,
  vcardNoNumber,
  fileMessage,
  deletedMessage,
  failedMessage,
  locationNoThumbnail,
  spreadsheetMessage,
]

/** The catalogue in both colour modes and in English and Portuguese: one matrix, one picture. */
export const Catalog: Story = {
  parameters: {
    catalog: {
      dimensions: [
        { name: 'colorMode', values: ['dark', 'light'] },
        { name: 'locale', values: ['en', 'pt-BR'] },
      ],
    },
  },
  render: (args) => (
    <Grid templateColumns="repeat(2, 36rem)" gap="4" alignItems="start">
      {[ALL.slice(0, 5), ALL.slice(5)].map((column, i) => (
        <Stack key={i} gap="0">
          {column.map((message) => (
            <MessageBubble key={message.id} {...args} message={message} showSender />
          ))}
        </Stack>
      ))}
    </Grid>
  ),
}

/** How far apart two CSS colours look: the CIE76 distance of their L*a*b* values (about 2.3 is just noticeable). */
function colourDifference(a: string, b: string) {
  const lab = (css: string) => {
    const [r, g, b] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255
      return c > 0.04045 ? ((c + 0.055) / 1.055) ** 2.4 : c / 12.92
    })
    const f = (v: number) => (v > 0.008856 ? Math.cbrt(v) : 7.787 * v + 16 / 116)
    const x = f((r * 0.4124 + g * 0.3576 + b * 0.1805) / 0.95047)
    const y = f(r * 0.2126 + g * 0.7152 + b * 0.0722)
    const z = f((r * 0.0193 + g * 0.1192 + b * 0.9505) / 1.08883)
    return [116 * y - 16, 500 * (x - y), 200 * (y - z)]
  }
  const [p, q] = [lab(a), lab(b)]
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2])
}
