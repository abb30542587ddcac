export type { ChatViewProps } from './ChatView'
export { ChatView } from './ChatView'
export type { ChatPerson, ChatTicketCardData, ChatViewChannel, ChatViewChannelKind, ChatViewMessage } from './types'
