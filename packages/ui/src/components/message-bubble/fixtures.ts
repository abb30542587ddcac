import type { MessageBubbleMessage } from './types'

/** Sample media and messages for stories (all on 2026-01-14/15, "now" being 2026-01-15 10:30 UTC). */
const svg = (body: string, w = 320, h = 200) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${body}</svg>`)}`

export const PHOTO = svg(
  '<rect width="320" height="200" fill="#0f766e"/><circle cx="250" cy="60" r="30" fill="#fde047"/><path d="M0 200 L110 90 L200 180 L250 140 L320 200Z" fill="#134e4a"/>',
)
export const MAP = svg(
  '<rect width="320" height="200" fill="#e5e7eb"/><path d="M0 120 H320 M140 0 V200" stroke="#9ca3af" stroke-width="14"/><circle cx="140" cy="120" r="12" fill="#dc2626"/>',
)

/** A tenth of a second of silence as a WAV data URL, so audio stories need no network. */
export const SILENCE = (() => {
  const samples = 800
  const bytes = new Uint8Array(44 + samples)
  const view = new DataView(bytes.buffer)
  const text = (offset: number, s: string) => {
    for (let i = 0; i < s.length; i++) view.setUint8(offset + i, s.charCodeAt(i))
  }
  text(0, 'RIFF')
  view.setUint32(4, 36 + samples, true)
  text(8, 'WAVEfmt ')
  view.setUint32(16, 16, true)
  view.setUint16(20, 1, true)
  view.setUint16(22, 1, true)
  view.setUint32(24, 8000, true)
  view.setUint32(28, 8000, true)
  view.setUint16(32, 1, true)
  view.setUint16(34, 8, true)
  text(36, 'data')
  view.setUint32(40, samples, true)
  bytes.fill(128, 44)
  return `data:audio/wav;base64,${btoa(String.fromCharCode(...bytes))}`
})()

const base = { ticketId: 1, read: true, mediaUrl: null, isDeleted: false, ack: 3 } as const

export const incomingText: MessageBubbleMessage = {
  ...base,
  id: 1,
  body: 'Hi! My order *#4512* has not arrived yet. Tracking: https://example.com/track/4512',
  fromMe: false,
  mediaType: 'chat',
  ack: 0,
  contact: { id: 5, name: 'Ana Souza' },
  createdAt: '2026-01-14T18:40:00Z',
}

export const ownText: MessageBubbleMessage = {
  ...base,
  id: 2,
  body: '*Carla Dias:*\nHello Ana! Let me check that for you.',
  fromMe: true,
  mediaType: 'chat',
  createdAt: '2026-01-14T18:42:00Z',
}

/** A bulk job's message, kept in the customer's conversation. */
export const jobMessage: MessageBubbleMessage = {
  ...ownText,
  id: 30,
  body: 'Black Friday: *30% off* every plan until Sunday. Answer YES to get the offer.',
  ack: 2,
  jobId: 12,
  createdAt: '2026-01-14T18:30:00Z',
}

export const ownReply: MessageBubbleMessage = {
  ...base,
  id: 3,
  body: 'It ships today, _sorry for the wait_.',
  fromMe: true,
  mediaType: 'chat',
  ack: 2,
  quotedMsg: { id: 1, body: incomingText.body, fromMe: false, mediaType: 'chat', contact: { name: 'Ana Souza' } },
  createdAt: '2026-01-15T09:05:00Z',
}

export const imageMessage: MessageBubbleMessage = {
  ...base,
  id: 4,
  body: 'The box arrived like this',
  fromMe: false,
  mediaType: 'image',
  mediaUrl: PHOTO,
  ack: 0,
  createdAt: '2026-01-15T09:10:00Z',
}

export const audioMessage: MessageBubbleMessage = {
  ...base,
  id: 5,
  body: 'voice.ogg',
  fromMe: false,
  mediaType: 'audio',
  mediaUrl: SILENCE,
  ack: 0,
  createdAt: '2026-01-15T09:11:00Z',
}

export const locationMessage: MessageBubbleMessage = {
  ...base,
  id: 6,
  body: `${MAP}|https://maps.example.com/?q=-23.5614,-46.6559|Av. Paulista, 1000 – São Paulo`,
  fromMe: false,
  mediaType: 'location',
  ack: 0,
  createdAt: '2026-01-15T09:12:00Z',
}

export const vcardMessage: MessageBubbleMessage = {
  ...base,
  id: 7,
  body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Gabi Reis\nitem1.TEL;waid=5511988887777:+55 11 98888-7777\nEND:VCARD',
  fromMe: false,
  mediaType: 'vcard',
  ack: 0,
  createdAt: '2026-01-15T09:13:00Z',
}

export const vcardNoNumber: MessageBubbleMessage = {
  ...vcardMessage,
  id: 8,
  body: 'BEGIN:VCARD\nVERSION:3.0\nFN:Front desk\nEND:VCARD',
}

export const fileMessage: MessageBubbleMessage = {
  ...base,
  id: 9,
  body: 'invoice-4512.pdf',
  fromMe: true,
  mediaType: 'other',
  mediaUrl: '/files/invoice-4512.pdf',
  mediaSize: 48_213,
  mediaName: 'invoice-4512.pdf',
  ack: 4,
  createdAt: '2026-01-15T09:20:00Z',
}

/** A spreadsheet a customer sent with a caption of its own. */
export const spreadsheetMessage: MessageBubbleMessage = {
  ...base,
  id: 13,
  body: 'Here are *all* the January orders',
  fromMe: false,
  mediaType: 'other',
  mediaUrl: '/files/orders-january.xlsx',
  mediaSize: 1_234_567,
  mediaName: 'orders-january.xlsx',
  ack: 0,
  createdAt: '2026-01-15T09:23:00Z',
}

/** A file of a type the desk does not know, stored before sizes were kept: no size, the text names it. */
export const unknownFileMessage: MessageBubbleMessage = {
  ...base,
  id: 14,
  body: 'backup-2025-12.dat',
  fromMe: false,
  mediaType: 'other',
  mediaUrl: '/files/backup-2025-12.dat',
  ack: 0,
  createdAt: '2026-01-15T09:24:00Z',
}

/** A location without a thumbnail, as the simulator's `/location` stores it. */
export const locationNoThumbnail: MessageBubbleMessage = {
  ...locationMessage,
  id: 15,
  body: '|https://maps.example.com/?q=-23.5614,-46.6559|Av. Paulista, 1000 – São Paulo',
}

/** A location from the Cloud API: no thumbnail, the place's name and address on two lines. */
export const cloudLocation: MessageBubbleMessage = {
  ...locationMessage,
  id: 16,
  body: '|https://maps.google.com/maps?q=-23.5614%2C-46.6558&z=17|Office\nAv. Paulista, 1000',
}

/** Just a point on the map: no thumbnail, no description. */
export const bareLocation: MessageBubbleMessage = {
  ...locationMessage,
  id: 17,
  body: '|https://maps.example.com/?q=-23.5614,-46.6559|',
}

/** A map thumbnail without a description. */
export const locationNoDescription: MessageBubbleMessage = {
  ...locationMessage,
  id: 18,
  body: `${MAP}|https://maps.example.com/?q=-23.5614,-46.6559`,
}

export const deletedMessage: MessageBubbleMessage = {
  ...ownText,
  id: 10,
  body: 'Wrong chat, sorry',
  isDeleted: true,
  createdAt: '2026-01-15T09:21:00Z',
}

export const failedMessage: MessageBubbleMessage = {
  ...ownText,
  id: 11,
  body: 'Are you still there?',
  ack: 0,
  error: 'ERR_SENDING_WAPP_MSG',
  createdAt: '2026-01-15T09:22:00Z',
}

/** The five acknowledgement levels of an own message. */
export const ackMessages: MessageBubbleMessage[] = [0, 1, 2, 3, 4].map((ack) => ({
  ...ownText,
  id: 100 + ack,
  body: `ack ${ack}`,
  ack,
}))

export const videoMessage: MessageBubbleMessage = {
  ...base,
  id: 12,
  body: 'unboxing.mp4',
  fromMe: false,
  mediaType: 'video',
  mediaUrl: SILENCE,
  ack: 0,
  createdAt: '2026-01-15T09:14:00Z',
}

/** The customer replies to a PDF the agent sent without a caption: the quote names the file. */
export const replyToFile: MessageBubbleMessage = {
  ...base,
  id: 20,
  body: 'Thanks, the invoice is what I needed',
  fromMe: false,
  mediaType: 'chat',
  contact: { name: 'Ana Souza' },
  quotedMsg: { id: 9, body: '', fromMe: true, mediaType: 'other', mediaName: 'invoice-4512.pdf' },
  createdAt: '2026-01-15T09:25:00Z',
}

/** A reply to an older file, stored before names were kept: its text names it. */
export const replyToNamelessFile: MessageBubbleMessage = {
  ...replyToFile,
  id: 21,
  body: 'And this one?',
  quotedMsg: { id: 14, body: 'orders-january.xlsx', fromMe: false, mediaType: 'other', contact: { name: 'Ana Souza' } },
}

/** The customer replies to a photo the agent sent without a caption: the quote says "Photo" by a camera. */
export const replyToPhoto: MessageBubbleMessage = {
  ...replyToFile,
  id: 22,
  body: 'Yes, that is the one',
  quotedMsg: { id: 4, body: '', fromMe: true, mediaType: 'image', mediaName: 'parcel.jpg' },
}

/** A reply to a photo with a caption: the quote shows the caption. */
export const replyToCaptionedPhoto: MessageBubbleMessage = {
  ...replyToFile,
  id: 23,
  fromMe: true,
  contact: null,
  body: 'We will send a new one today',
  quotedMsg: {
    id: 4,
    body: 'The box arrived like this',
    fromMe: false,
    mediaType: 'image',
    contact: { name: 'Ana Souza' },
  },
}

/** A reply to an older photo, whose text is only its file name: the quote says "Photo", not the name. */
export const replyToNamedPhoto: MessageBubbleMessage = {
  ...replyToCaptionedPhoto,
  id: 24,
  body: 'Got it',
  quotedMsg: { id: 5, body: 'IMG_2041.jpg', fromMe: false, mediaType: 'image', contact: { name: 'Ana Souza' } },
}

/** A reply to a voice note: a microphone and "Audio". */
export const replyToAudio: MessageBubbleMessage = {
  ...replyToCaptionedPhoto,
  id: 25,
  body: 'Understood, I will check the address',
  quotedMsg: { id: 5, body: 'voice.ogg', fromMe: false, mediaType: 'audio', contact: { name: 'Ana Souza' } },
}

/** A reply to a video without a caption, and to one with a caption. */
export const replyToVideo: MessageBubbleMessage = {
  ...replyToFile,
  id: 26,
  body: 'Thanks, that helps',
  quotedMsg: { id: 12, body: '', fromMe: true, mediaType: 'video', mediaName: 'how-to-return.mp4' },
}
export const replyToCaptionedVideo: MessageBubbleMessage = {
  ...replyToCaptionedPhoto,
  id: 27,
  body: 'The seal was already broken, I see',
  quotedMsg: { id: 12, body: 'Opening it now', fromMe: false, mediaType: 'video', contact: { name: 'Ana Souza' } },
}

/** A reply to a location: a pin and the place's first line, or "Location" for a bare point. */
export const replyToLocation: MessageBubbleMessage = {
  ...replyToCaptionedPhoto,
  id: 28,
  body: 'Our courier will be there at 3 pm',
  quotedMsg: {
    id: 16,
    body: '|https://maps.google.com/maps?q=-23.5614%2C-46.6558&z=17|Office\nAv. Paulista, 1000',
    fromMe: false,
    mediaType: 'location',
    contact: { name: 'Ana Souza' },
  },
}
export const replyToBareLocation: MessageBubbleMessage = {
  ...replyToLocation,
  id: 29,
  body: 'Is this the gate?',
  quotedMsg: { ...replyToLocation.quotedMsg!, id: 17, body: '|https://maps.example.com/?q=-23.5614,-46.6559|' },
}
