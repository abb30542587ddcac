export type { ChannelModalProps, ChannelModalValues } from './ChannelModal'
export { ChannelModal } from './ChannelModal'
