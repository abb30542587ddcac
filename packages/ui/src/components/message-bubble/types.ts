export type MessageMediaType = 'chat' | 'image' | 'audio' | 'video' | 'location' | 'vcard' | 'other'

/** The message a reply quotes. */
export interface QuotedMessageData {
  id: number | string
  body: string
  fromMe: boolean
  mediaType?: MessageMediaType
  /** A quoted file's name; absent for older messages, whose text then names the file. */
  mediaName?: string | null
  contact?: { name: string } | null
}

/** The fields of a message a bubble shows (a structural subset of the API's message). */
export interface MessageBubbleMessage {
  id: number | string
  body: string
  fromMe: boolean
  mediaUrl: string | null
  mediaType: MessageMediaType
  /** The file's size in bytes; null or absent when unknown (the file card then shows none). */
  mediaSize?: number | null
  /** The name the file came with; absent for older messages, whose text then names the file. */
  mediaName?: string | null
  /** 0 pending, 1 sent, 2 delivered, 3 read, 4 played. */
  ack: number
  isDeleted: boolean
  quotedMsg?: QuotedMessageData | null
  /** The sender, shown on group tickets. */
  contact?: { id?: number; name: string } | null
  /** Set when sending failed. */
  error?: string | null
  /** The bulk job that sent it (its copy in the customer's conversation); absent for everything else. */
  jobId?: number | null
  /** Instagram: a reply to the business's story or a mention in the customer's, with the story's link. */
  story?: { kind: 'reply' | 'mention'; url: string } | null
  /** A private note: the desk's only, drawn in the note's colours and never sent to the customer. */
  isNote?: boolean
  /** A private note's writer, named in its label. */
  noteAuthor?: { id: number; name: string } | null
  createdAt: string
}

export const PLAYBACK_RATES = [0.5, 1, 1.5, 2] as const

/** The next speed of the cycle 0.5 → 1 → 1.5 → 2 → 0.5. */
export const nextPlaybackRate = (rate: number) =>
  PLAYBACK_RATES[(PLAYBACK_RATES.indexOf(rate as (typeof PLAYBACK_RATES)[number]) + 1) % PLAYBACK_RATES.length]
