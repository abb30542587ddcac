export type { MessageBubbleProps } from './MessageBubble'
export { MessageBubble } from './MessageBubble'
export type { MessageBubbleMessage, MessageMediaType, QuotedMessageData } from './types'
export { nextPlaybackRate, PLAYBACK_RATES } from './types'
