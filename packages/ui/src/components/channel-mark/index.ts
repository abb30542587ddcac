export type { Channel, ChannelMarkProps } from './ChannelMark'
export { CHANNELS, ChannelMark } from './ChannelMark'
