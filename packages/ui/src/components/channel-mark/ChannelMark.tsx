import { Box } from '@chakra-ui/react'
import type { IconType } from 'react-icons'
import { FaInstagram, FaSquareWhatsapp, FaWhatsapp } from 'react-icons/fa6'
import { LuFlaskConical, LuMessagesSquare } from 'react-icons/lu'
import type { MessageId } from '../../i18n'
import { useT } from '../../internal/useT'

/**
 * Every channel a ticket can run on, by its connection's driver: an icon and its name. A new channel
 * (SMS, voice, Instagram …) is one entry here and one message in each language.
 */
export const CHANNELS = {
  'web-session': { icon: FaWhatsapp, label: 'channels.webSession' },
  'cloud-api': { icon: FaSquareWhatsapp, label: 'channels.cloudApi' },
  webchat: { icon: LuMessagesSquare, label: 'channels.webchat' },
  simulator: { icon: LuFlaskConical, label: 'channels.simulator' },
  instagram: { icon: FaInstagram, label: 'channels.instagram' },
} satisfies Record<string, { icon: IconType; label: MessageId }>

export type Channel = keyof typeof CHANNELS

export interface ChannelMarkProps {
  /** The ticket's connection driver; unknown or absent: nothing is drawn. */
  channel?: string | null
  size?: 'sm' | 'md'
}

const isChannel = (channel: string | null | undefined): channel is Channel =>
  typeof channel === 'string' && Object.hasOwn(CHANNELS, channel)

/** The channel a ticket runs on: a small icon, named for screen readers and on hover. */
export function ChannelMark({ channel, size = 'sm' }: ChannelMarkProps) {
  const t = useT()
  if (!isChannel(channel)) return null
  const { icon: Icon, label } = CHANNELS[channel]
  const name = t(label)
  return (
    <Box
      as="span"
      role="img"
      aria-label={name}
      title={name}
      display="inline-flex"
      flexShrink="0"
      color="fg.muted"
      fontSize={size === 'sm' ? 'sm' : 'md'}
      data-channel={channel}
    >
      <Icon aria-hidden />
    </Box>
  )
}
