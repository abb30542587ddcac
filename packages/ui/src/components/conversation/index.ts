export { Conversation } from './Conversation'
export type { ConversationHeaderProps } from './ConversationHeader'
export type { ConversationMessageListProps } from './ConversationMessageList'
export type { ConversationRootProps } from './ConversationRoot'
