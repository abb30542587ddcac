import { Badge, Box, Button, chakra, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { LuHash, LuUser } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import type { ChatPerson, ChatViewChannel } from '../types'

export interface ChannelListProps {
  channels: readonly ChatViewChannel[]
  activeChannelId: number | null
  onSelect: (id: number) => void
  /** People to message directly, offered in a list under the direct messages. */
  people?: readonly ChatPerson[]
  onStartDirect?: (userId: number) => void
}

const Select = chakra('select', {
  base: {
    width: 'full',
    textStyle: 'sm',
    paddingInline: '2',
    paddingBlock: '1.5',
    borderWidth: '1px',
    borderColor: 'border',
    borderRadius: 'l2',
    bg: 'bg',
  },
})

/** The channels, then the direct messages, each with its unread count. */
export function ChannelList({ channels, activeChannelId, onSelect, people, onStartDirect }: ChannelListProps) {
  const t = useT()
  const item = (channel: ChatViewChannel) => {
    const active = channel.id === activeChannelId
    const label = channel.kind === 'general' ? t('chat.general') : channel.name
    return (
      <Box as="li" key={channel.id}>
        <Button
          variant={active ? 'subtle' : 'ghost'}
          colorPalette={active ? 'brand' : 'gray'}
          size="sm"
          width="full"
          justifyContent="flex-start"
          aria-current={active ? 'page' : undefined}
          onClick={() => onSelect(channel.id)}
          fontWeight={channel.unread ? 'bold' : 'normal'}
        >
          {channel.kind === 'direct' ? (
            <LuUser aria-hidden />
          ) : channel.kind === 'queue' && channel.color ? (
            <Box width="2.5" height="2.5" borderRadius="full" flexShrink="0" style={{ background: channel.color }} />
          ) : (
            <LuHash aria-hidden />
          )}
          <Text truncate flex="1" textAlign="start">
            {label}
          </Text>
          {channel.unread > 0 && (
            <>
              <Badge size="xs" variant="solid" colorPalette="brand" borderRadius="full" aria-hidden>
                {channel.unread > 99 ? '99+' : channel.unread}
              </Badge>
              <VisuallyHidden>, {t('chat.unread', { count: channel.unread })}</VisuallyHidden>
            </>
          )}
        </Button>
      </Box>
    )
  }
  const rooms = channels.filter((c) => c.kind !== 'direct')
  const directs = channels.filter((c) => c.kind === 'direct')
  const others = (people ?? []).filter((p) => !directs.some((d) => d.name === p.name))
  return (
    <Stack gap="4" as="nav" aria-label={t('chat.title')}>
      <Stack gap="1">
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
          {t('chat.channels')}
        </Text>
        <Stack as="ul" gap="0.5" listStyleType="none">
          {rooms.map(item)}
        </Stack>
      </Stack>
      <Stack gap="1">
        <Text textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase">
          {t('chat.directs')}
        </Text>
        <Stack as="ul" gap="0.5" listStyleType="none">
          {directs.map(item)}
        </Stack>
        {onStartDirect && others.length > 0 && (
          <HStack>
            <Select
              aria-label={t('chat.newDirect')}
              value=""
              onChange={(e) => {
                const id = Number(e.currentTarget.value)
                if (id) onStartDirect(id)
              }}
            >
              <option value="">{t('chat.newDirectPlaceholder')}</option>
              {others.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </Select>
          </HStack>
        )}
      </Stack>
    </Stack>
  )
}
