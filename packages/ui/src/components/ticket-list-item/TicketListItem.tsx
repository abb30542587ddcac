import { Badge, Box, chakra, Flex, HStack, Stack, Text, VisuallyHidden } from '@chakra-ui/react'
import { memo, useMemo } from 'react'
import { useIntl } from 'react-intl'
import { ContactAvatar } from '../../internal/ContactAvatar'
import { useContactName } from '../../internal/useContactName'
import { useT } from '../../internal/useT'
import { type DateInput, formatRelativeDay } from '../../lib/datetime'
import { ChannelMark } from '../channel-mark/ChannelMark'
import { LastMessage } from './internal/LastMessage'
import { MatchedMessage } from './internal/MatchedMessage'
import { TicketFooter } from './internal/TicketFooter'
import type { TicketListItemTicket } from './types'

export type { TicketListItemTicket }

/** Every item has this height, so a list can window its rows. */
export const TICKET_LIST_ITEM_HEIGHT = 96

export interface TicketListItemProps {
  ticket: TicketListItemTicket
  /** The ticket whose conversation is open. */
  selected?: boolean
  /** Opens the conversation (a click or Enter on the item); never offered while the ticket is pending. */
  onOpen?: (ticket: TicketListItemTicket) => void
  onAccept?: (ticket: TicketListItemTicket) => void
  onView?: (ticket: TicketListItemTicket) => void
  /** The X of an open ticket: resolves it. */
  onClose?: (ticket: TicketListItemTicket) => void
  /** "Now" for the today-or-not choice of the time format; defaults to the clock. */
  now?: DateInput
  /** Text waiting in this ticket's composer: the preview shows "Draft:" and it instead of the last message. */
  draft?: string
  /** The searched text: the ticket's `searchMatch` is shown in place of the last message, the text marked. */
  highlight?: string
}

const OpenButton = chakra('button', {
  base: {
    textAlign: 'start',
    fontWeight: 'semibold',
    cursor: 'pointer',
    minWidth: '0',
    truncate: true,
    _focusVisible: { outline: 'none' },
    // The whole item is the button's pointer target; the other buttons sit above it.
    _before: { content: '""', position: 'absolute', inset: '0' },
  },
})

/** Memoised: a list redraws an item only when its ticket, selection, callbacks or "now" change. */
export const TicketListItem = memo(function TicketListItem({
  ticket,
  selected,
  onOpen,
  onAccept,
  onView,
  onClose,
  now,
  draft,
  highlight,
}: TicketListItemProps) {
  const t = useT()
  const { locale } = useIntl()
  const contactName = useContactName()
  const name = contactName(ticket.contact)
  const pending = ticket.status === 'pending'
  const time = useMemo(() => formatRelativeDay(ticket.updatedAt, locale, now), [ticket.updatedAt, locale, now])
  return (
    <Flex
      position="relative"
      height={`${TICKET_LIST_ITEM_HEIGHT}px`}
      gap="3"
      paddingInlineEnd="3"
      paddingBlock="2"
      borderBottomWidth="1px"
      bg={selected ? 'bg.emphasized' : undefined}
      _hover={pending ? undefined : { bg: selected ? 'bg.emphasized' : 'bg.muted' }}
      cursor={pending ? undefined : 'pointer'}
      onClick={pending ? undefined : (e) => isOwnClick(e.target, e.currentTarget) && onOpen?.(ticket)}
      // The name button's focus ring is drawn around the whole item (its own outline is off).
      css={{
        '&:has([data-open]:focus-visible)': {
          outline: '2px solid',
          outlineColor: 'colorPalette.focusRing',
          outlineOffset: '-2px',
        },
      }}
    >
      <Box
        flexShrink="0"
        width="1.5"
        marginBlock="-2"
        bg={ticket.queue ? undefined : 'gray.500'}
        style={ticket.queue ? { background: ticket.queue.color } : undefined}
        aria-hidden
      />
      <ContactAvatar name={name} src={ticket.contact.profilePicUrl} />
      <Stack gap="0.5" flex="1" minWidth="0">
        <HStack gap="2" minWidth="0">
          {pending ? (
            <Text fontWeight="semibold" truncate>
              {name}
            </Text>
          ) : (
            <OpenButton type="button" data-open aria-current={selected || undefined}>
              {name}
            </OpenButton>
          )}
          <ChannelMark channel={ticket.whatsapp?.driver} />
          <Text textStyle="xs" color="fg.muted" flexShrink="0" truncate maxWidth="32">
            {ticket.queue?.name ?? t('tickets.noQueue')}
          </Text>
          <Text asChild textStyle="xs" color="fg.muted" flexShrink="0" marginInlineStart="auto">
            <time dateTime={ticket.updatedAt}>{time}</time>
          </Text>
        </HStack>
        <HStack gap="2" minWidth="0">
          <Box flex="1" minWidth="0">
            {highlight && ticket.searchMatch ? (
              <MatchedMessage body={ticket.searchMatch.body} search={highlight} />
            ) : (
              <LastMessage body={ticket.lastMessage} draft={draft} />
            )}
          </Box>
          {ticket.unreadMessages > 0 && (
            <Badge size="sm" variant="solid" borderRadius="full" flexShrink="0">
              <span aria-hidden>{ticket.unreadMessages}</span>
              <VisuallyHidden>{t('tickets.unread', { count: ticket.unreadMessages })}</VisuallyHidden>
            </Badge>
          )}
        </HStack>
        <Box marginTop="auto">
          <TicketFooter ticket={ticket} onAccept={onAccept} onView={onView} onClose={onClose} />
        </Box>
      </Stack>
    </Flex>
  )
})

/** A click on the item opens it, unless it was on one of its other buttons or links. Enter on the name clicks too. */
function isOwnClick(target: EventTarget, item: Element) {
  const control = target instanceof Element ? target.closest('button, a, input') : null
  return !control || !item.contains(control) || control.hasAttribute('data-open')
}
