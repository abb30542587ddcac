import { Badge, Box, Button, HStack, Text } from '@chakra-ui/react'
import { LuLock, LuTicket } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import type { ChatTicketCardData } from '../types'

export interface TicketCardLinkProps {
  ticket: ChatTicketCardData
  onOpen?: (ticketId: number) => void
}

/** A shared ticket: `#1234 Maria Souza — waiting`; a button for those who may open it. */
export function TicketCardLink({ ticket, onOpen }: TicketCardLinkProps) {
  const t = useT()
  const content = (
    <HStack gap="2" minWidth="0">
      <LuTicket aria-hidden />
      <Text fontWeight="semibold">#{ticket.id}</Text>
      <Text truncate>{ticket.contactName}</Text>
      <Text color="fg.muted">—</Text>
      <Badge size="sm" variant="subtle" colorPalette={ticket.status === 'pending' ? 'orange' : 'gray'}>
        {t(`chat.ticketStatus.${ticket.status}`)}
      </Badge>
    </HStack>
  )
  if (!ticket.canOpen) {
    return (
      <HStack
        gap="2"
        borderWidth="1px"
        borderRadius="l2"
        paddingInline="3"
        paddingBlock="1.5"
        color="fg.muted"
        title={t('chat.ticketLocked')}
        width="fit-content"
        maxWidth="full"
      >
        {content}
        <LuLock aria-label={t('chat.ticketLocked')} />
      </HStack>
    )
  }
  return (
    <Box>
      <Button size="sm" variant="outline" onClick={() => onOpen?.(ticket.id)} maxWidth="full">
        {content}
      </Button>
    </Box>
  )
}
