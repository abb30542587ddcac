import { Badge, Button, HStack, IconButton, Text } from '@chakra-ui/react'
import { LuEye, LuSmartphone, LuUser, LuX } from 'react-icons/lu'
import { useContactName } from '../../../internal/useContactName'
import { useT } from '../../../internal/useT'
import { TagList } from '../../tag-chip/TagList'
import type { TicketListItemTicket } from '../types'

interface TicketFooterProps {
  ticket: TicketListItemTicket
  onAccept?: (ticket: TicketListItemTicket) => void
  onView?: (ticket: TicketListItemTicket) => void
  onClose?: (ticket: TicketListItemTicket) => void
}

/**
 * The bottom row: Accept and View while pending; user, connection, tags and X while open. The user's name
 * keeps its room (up to half the row): the connection and the tags (two chips and "+N") give way first.
 */
export function TicketFooter({ ticket, onAccept, onView, onClose }: TicketFooterProps) {
  const t = useT()
  const contactName = useContactName()
  if (ticket.status === 'pending') {
    return (
      <HStack gap="2" position="relative" zIndex="1">
        <Button size="2xs" onClick={() => onAccept?.(ticket)}>
          {t('tickets.accept')}
        </Button>
        <Button size="2xs" variant="outline" colorPalette="gray" onClick={() => onView?.(ticket)}>
          <LuEye aria-hidden />
          {t('tickets.view')}
        </Button>
      </HStack>
    )
  }
  if (ticket.status === 'closed') {
    return (
      <Badge size="sm" colorPalette="gray" variant="surface" alignSelf="flex-start">
        {t('tickets.closed')}
      </Badge>
    )
  }
  return (
    <HStack gap="2" minWidth="0" textStyle="xs" color="fg.muted">
      {ticket.user && (
        <HStack gap="1" minWidth="0" flexShrink="0" maxWidth="50%" title={t('tickets.assignedUser')}>
          <LuUser aria-hidden style={{ flexShrink: 0 }} />
          <Text truncate>{ticket.user.name}</Text>
        </HStack>
      )}
      {ticket.whatsapp && (
        <HStack gap="1" minWidth="0" title={t('tickets.connection')}>
          <LuSmartphone aria-hidden style={{ flexShrink: 0 }} />
          <Text truncate>{ticket.whatsapp.name}</Text>
        </HStack>
      )}
      <TagList tags={ticket.tags ?? []} label={t('tickets.tags')} max={2} />
      <IconButton
        size="2xs"
        variant="ghost"
        colorPalette="gray"
        marginInlineStart="auto"
        position="relative"
        zIndex="1"
        aria-label={t('tickets.resolveContact', { name: contactName(ticket.contact) })}
        onClick={() => onClose?.(ticket)}
      >
        <LuX />
      </IconButton>
    </HStack>
  )
}
