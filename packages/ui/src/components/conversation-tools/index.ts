export type { ConversationExportFormat, ConversationToolsProps } from './ConversationTools'
export { ConversationTools } from './ConversationTools'
export type { ConversationToolActionsOptions } from './useConversationToolActions'
export { useConversationToolActions } from './useConversationToolActions'
