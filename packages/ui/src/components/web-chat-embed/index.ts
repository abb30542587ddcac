export type { WebChatEmbedDialogProps } from './WebChatEmbedDialog'
export { WebChatEmbedDialog } from './WebChatEmbedDialog'
export type { WebChatEmbedPanelProps } from './WebChatEmbedPanel'
export { WebChatEmbedPanel } from './WebChatEmbedPanel'
