import { Badge, Box, Flex, HStack, IconButton, Menu, Text } from '@chakra-ui/react'
import { LuAtSign, LuBell, LuLock, LuRotateCw } from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { ContactAvatar } from '../../internal/ContactAvatar'
import { previewKind } from '../../internal/messageBody'
import { UiPortal } from '../../internal/portal'
import { useContactName } from '../../internal/useContactName'
import { useT } from '../../internal/useT'
import { type DateInput, formatRelativeDay } from '../../lib/datetime'
import { ChannelMark } from '../channel-mark/ChannelMark'
import { type UiError, useErrorText } from '../error-message/useErrorText'
import { RestrictedMarkdown } from '../restricted-markdown/RestrictedMarkdown'
import { DesktopAlertsItem } from './internal/DesktopAlertsItem'

export interface NotificationTicket {
  id: number
  contact: { name: string; profilePicUrl?: string | null; number?: string | null; isGroup?: boolean }
  /** The connection; its `driver` is the channel, marked beside the name. */
  whatsapp?: { driver?: string } | null
  lastMessage: string | null
  unreadMessages: number
  updatedAt: string
}

/** Someone named the user, in the team chat or in a private note on a ticket. */
export interface NotificationMention {
  id: number
  kind: 'chat' | 'note'
  by: { name: string } | null
  channelName: string | null
  ticketId: number | null
  contactName: string | null
  excerpt: string
  read: boolean
  createdAt: string
}

export interface NotificationsBellProps {
  /** Tickets with unread messages, newest first. */
  tickets: NotificationTicket[]
  onOpen: (ticket: NotificationTicket) => void
  now?: DateInput
  /** The first load is on its way. */
  isLoading?: boolean
  /** The last load failed: its reason and a Retry item head the list. */
  error?: UiError | null
  onRetry?: () => void
  /**
   * The browser-notification opt-in shown under the list: `on`/`off`, `blocked` when the browser
   * refuses them (only its settings can change that), `unsupported` (or absent) to leave it out.
   */
  desktopAlerts?: NotificationsBellDesktopAlerts
  onDesktopAlertsChange?: (on: boolean) => void
  /** Mentions not yet opened, newest first: they head the list and count in the badge. */
  mentions?: NotificationMention[]
  onOpenMention?: (mention: NotificationMention) => void
}

export type NotificationsBellDesktopAlerts = 'on' | 'off' | 'blocked' | 'unsupported'

/** The top bar's bell: how many tickets have unread messages, and a list of them (at most 350 px tall). */
export function NotificationsBell({
  tickets,
  onOpen,
  now,
  isLoading,
  error,
  onRetry,
  desktopAlerts = 'unsupported',
  onDesktopAlertsChange,
  mentions = [],
  onOpenMention,
}: NotificationsBellProps) {
  const t = useT()
  const contactName = useContactName()
  const errorText = useErrorText()
  const { locale } = useIntl()
  const count = tickets.length + mentions.length
  const toggle = desktopAlerts !== 'unsupported' && onDesktopAlertsChange ? desktopAlerts : null
  return (
    <Menu.Root
      positioning={{ placement: 'bottom-end' }}
      onSelect={({ value }) => {
        if (value === 'retry') return onRetry?.()
        const mention = mentions.find((item) => `mention-${item.id}` === value)
        if (mention) return onOpenMention?.(mention)
        const ticket = tickets.find((item) => String(item.id) === value)
        if (ticket) onOpen(ticket)
      }}
    >
      <Menu.Trigger asChild>
        <IconButton
          variant="ghost"
          colorPalette="gray"
          aria-label={t('notifications.label', { count })}
          position="relative"
        >
          <LuBell />
          {count > 0 && (
            <Badge
              colorPalette="brand"
              variant="solid"
              size="xs"
              borderRadius="full"
              position="absolute"
              top="0.5"
              insetInlineEnd="0.5"
              minWidth="4"
              justifyContent="center"
            >
              {count > 99 ? '99+' : count}
            </Badge>
          )}
        </IconButton>
      </Menu.Trigger>
      <UiPortal>
        <Menu.Positioner>
          <Menu.Content width="80" maxHeight="350px" overflowY="auto" paddingBottom={toggle ? '0' : undefined}>
            {error ? (
              <>
                <Menu.Item value="error" disabled color="fg.error">
                  {errorText(error)}
                </Menu.Item>
                {onRetry && (
                  <Menu.Item value="retry">
                    <LuRotateCw aria-hidden />
                    {t('common.retry')}
                  </Menu.Item>
                )}
              </>
            ) : (
              count === 0 && (
                <Menu.Item value="none" disabled>
                  {t(isLoading ? 'common.loading' : 'notifications.empty')}
                </Menu.Item>
              )
            )}
            {mentions.length > 0 && (
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{t('notifications.mentions')}</Menu.ItemGroupLabel>
                {mentions.map((mention) => (
                  <Menu.Item
                    key={`mention-${mention.id}`}
                    value={`mention-${mention.id}`}
                    alignItems="flex-start"
                    gap="3"
                    paddingBlock="2"
                  >
                    <Box color={mention.kind === 'note' ? 'yellow.fg' : 'brand.fg'} paddingTop="0.5">
                      {mention.kind === 'note' ? <LuLock aria-hidden /> : <LuAtSign aria-hidden />}
                    </Box>
                    <Box flex="1" minWidth="0">
                      <HStack gap="2">
                        <Text fontWeight="semibold" flex="1" lineClamp={2}>
                          {mention.kind === 'note'
                            ? t('notifications.mentionNote', {
                                name: mention.by?.name ?? t('notifications.someone'),
                                ticket: mention.ticketId ?? '',
                                contact: mention.contactName ?? '',
                              })
                            : t('notifications.mentionChat', {
                                name: mention.by?.name ?? t('notifications.someone'),
                                channel:
                                  mention.channelName === 'general' ? t('chat.general') : (mention.channelName ?? ''),
                              })}
                        </Text>
                        <Text textStyle="xs" color="fg.muted" flexShrink="0">
                          {formatRelativeDay(mention.createdAt, locale, now)}
                        </Text>
                      </HStack>
                      <Text textStyle="xs" color="fg.muted" truncate>
                        {mention.excerpt}
                      </Text>
                    </Box>
                  </Menu.Item>
                ))}
              </Menu.ItemGroup>
            )}
            {tickets.map((ticket) => {
              const kind = ticket.lastMessage ? previewKind(ticket.lastMessage) : null
              return (
                <Menu.Item key={ticket.id} value={String(ticket.id)} alignItems="flex-start" gap="3" paddingBlock="2">
                  <ContactAvatar name={contactName(ticket.contact)} src={ticket.contact.profilePicUrl} size="sm" />
                  <Box flex="1" minWidth="0">
                    <HStack gap="2">
                      <Text fontWeight="semibold" truncate flex="1">
                        {contactName(ticket.contact)}
                      </Text>
                      <ChannelMark channel={ticket.whatsapp?.driver} />
                      <Text textStyle="xs" color="fg.muted" flexShrink="0">
                        {formatRelativeDay(ticket.updatedAt, locale, now)}
                      </Text>
                    </HStack>
                    <Flex gap="2" alignItems="center" color="fg.muted" textStyle="xs">
                      <Box flex="1" minWidth="0" fontStyle={kind ? 'italic' : undefined}>
                        {kind ? (
                          t(`tickets.preview.${kind}`)
                        ) : (
                          <RestrictedMarkdown truncate>{ticket.lastMessage ?? ''}</RestrictedMarkdown>
                        )}
                      </Box>
                      <Badge size="xs" variant="solid" borderRadius="full" aria-hidden>
                        {ticket.unreadMessages}
                      </Badge>
                    </Flex>
                  </Box>
                </Menu.Item>
              )
            })}
            {toggle && onDesktopAlertsChange && <DesktopAlertsItem state={toggle} onChange={onDesktopAlertsChange} />}
          </Menu.Content>
        </Menu.Positioner>
      </UiPortal>
    </Menu.Root>
  )
}
