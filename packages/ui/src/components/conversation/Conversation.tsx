import { MessageInput } from '../message-input/MessageInput'
import { ConversationHeader } from './ConversationHeader'
import { ConversationMessageList } from './ConversationMessageList'
import { ConversationRoot } from './ConversationRoot'

/**
 * A ticket's conversation as parts: `Conversation.Root` frames `Conversation.Header`,
 * `Conversation.MessageList` and `Conversation.Input` (the `MessageInput`).
 */
export const Conversation = {
  Root: ConversationRoot,
  Header: ConversationHeader,
  MessageList: ConversationMessageList,
  Input: MessageInput,
}
