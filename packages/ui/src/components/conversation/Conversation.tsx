import { ConversationHeader } from './ConversationHeader'
import { ConversationMessageList } from './ConversationMessageList'
import { ConversationRoot } from './ConversationRoot'

/**
 * A ticket's conversation as parts: `Conversation.Root` frames `Conversation.Header`,
 * `Conversation.MessageList` and the message input below them.
 */
export const Conversation = {
  Root: ConversationRoot,
  Header: ConversationHeader,
  MessageList: ConversationMessageList,
}
