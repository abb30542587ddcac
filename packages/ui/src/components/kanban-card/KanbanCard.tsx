import { Badge, Box, chakra, HStack, Stack, Text } from '@chakra-ui/react'
import type { Card } from '@desk/api-client/contract'
import { type HTMLAttributes, memo, type Ref, useId } from 'react'
import { LuClock, LuUser } from 'react-icons/lu'
import { ContactAvatar } from '../../internal/ContactAvatar'
import { useContactName } from '../../internal/useContactName'
import { useT } from '../../internal/useT'
import type { DateInput } from '../../lib/datetime'
import { ChannelMark } from '../channel-mark/ChannelMark'
import { LastMessage } from '../ticket-list-item/internal/LastMessage'
import { minutesSince, waitLevel, waitParts } from './waiting'

export type KanbanCardData = Card

/** Every card has this height, so a long lane can window its cards. */
export const KANBAN_CARD_HEIGHT = 112

export interface KanbanCardProps {
  card: KanbanCardData
  /** Minutes a card may wait before it shows as late (half of it: near). */
  waitLimitMinutes: number
  /** Opens the ticket (a click, or Enter while not dragging). */
  onOpen?: (ticketId: number) => void
  /** "Now" for the waiting time; defaults to the clock. */
  now?: DateInput
  /** Drawn while it is being dragged (its place in the lane stays dimmed). */
  dragging?: boolean
  /** The drag handle's props (the whole card is the handle). */
  handleProps?: HTMLAttributes<HTMLDivElement>
  ref?: Ref<HTMLDivElement>
}

const WAIT_PALETTE = { ok: 'green', near: 'yellow', late: 'red' } as const

const Root = chakra('div', {
  base: {
    position: 'relative',
    borderWidth: '1px',
    borderRadius: 'md',
    bg: 'bg.panel',
    padding: '2',
    cursor: 'grab',
    touchAction: 'manipulation',
    userSelect: 'none',
    _hover: { borderColor: 'border.emphasized' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '1px' },
  },
})

/**
 * An open ticket on the board: the contact, the last message, the assignee, the tags and how long
 * it has waited, coloured against the limit. Memoised: a board of 500 cards redraws only the ones
 * that changed.
 */
export const KanbanCard = memo(function KanbanCard(props: KanbanCardProps) {
  const { card, waitLimitMinutes, onOpen, now, dragging, handleProps, ref } = props
  const t = useT()
  const minutes = minutesSince(card.waitingSince, now)
  const level = waitLevel(minutes, waitLimitMinutes)
  const { unit, count } = waitParts(minutes)
  const waited = t(`kanban.wait.${unit}`, { count })
  const id = useId()
  const contactName = useContactName()
  // The title is the contact's name: an unnamed group reads as one.
  const title = card.title === card.contact.name ? contactName(card.contact) : card.title
  return (
    <Root
      ref={ref}
      height={`${KANBAN_CARD_HEIGHT - 8}px`}
      opacity={dragging ? 0.4 : 1}
      data-ticket-id={card.ticketId}
      role="button"
      tabIndex={0}
      {...handleProps}
      onClick={() => onOpen?.(card.ticketId)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && !dragging) onOpen?.(card.ticketId)
        else handleProps?.onKeyDown?.(event)
      }}
    >
      <Stack gap="1" height="full">
        <HStack gap="2" minWidth="0">
          <ContactAvatar name={contactName(card.contact)} src={card.contact.profilePicUrl} size="sm" />
          <Text id={`${id}-name`} fontWeight="semibold" truncate flex="1">
            {title}
          </Text>
          <ChannelMark channel={card.channel} />
          <Badge
            id={`${id}-wait`}
            size="sm"
            colorPalette={WAIT_PALETTE[level]}
            flexShrink="0"
            title={t(`kanban.waitLevel.${level}`)}
          >
            <LuClock aria-hidden />
            {waited}
          </Badge>
        </HStack>
        <Box minWidth="0" textStyle="sm">
          <LastMessage body={card.description} />
        </Box>
        <HStack gap="2" minWidth="0" marginTop="auto" textStyle="xs" color="fg.muted">
          <HStack gap="1" minWidth="0" flexShrink="0" maxWidth="50%">
            <LuUser aria-hidden style={{ flexShrink: 0 }} />
            <Text truncate>{card.user?.name ?? t('kanban.unassigned')}</Text>
          </HStack>
          <HStack as="ul" gap="1" minWidth="0" overflow="hidden" aria-label={t('tickets.tags')} listStyle="none">
            {card.tags?.map((tag) => (
              <Badge
                as="li"
                key={tag.id ?? tag.tag}
                size="xs"
                variant="outline"
                colorPalette="gray"
                flexShrink="0"
                style={{ boxShadow: `inset 0 0 0 1px ${tag.color}` }}
              >
                <Box
                  as="span"
                  width="1.5"
                  height="1.5"
                  borderRadius="full"
                  style={{ background: tag.color }}
                  aria-hidden
                />
                {tag.tag}
              </Badge>
            ))}
          </HStack>
        </HStack>
      </Stack>
    </Root>
  )
})
