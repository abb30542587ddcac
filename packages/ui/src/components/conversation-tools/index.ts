export type { ConversationExportFormat, ConversationToolsProps } from './ConversationTools'
export { ConversationTools } from './ConversationTools'
