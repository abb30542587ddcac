/** A person of the chat (a member, or someone to message directly). */
export interface ChatPerson {
  id: number
  name: string
}

export type ChatViewChannelKind = 'general' | 'queue' | 'direct' | 'group'

export interface ChatViewChannel {
  id: number
  kind: ChatViewChannelKind
  /** `general` is translated; a queue's, a group's or the other person's name otherwise. */
  name: string
  /** A queue's colour. */
  color?: string | null
  unread: number
}

/** A ticket shared into a message; `canOpen` says whether the reader may open it. */
export interface ChatTicketCardData {
  id: number
  contactName: string
  status: 'open' | 'pending' | 'closed'
  canOpen: boolean
}

export interface ChatViewMessage {
  id: number
  userId: number | null
  /** Null once the author's account is gone. */
  userName: string | null
  body: string
  mediaType: 'chat' | 'image' | 'audio' | 'video' | 'location' | 'vcard' | 'other'
  mediaUrl: string | null
  mediaName?: string | null
  mediaSize?: number | null
  ticket?: ChatTicketCardData | null
  createdAt: string
}
