export type { MessageInputProps, QuickAnswer } from './MessageInput'
export { MessageInput } from './MessageInput'
