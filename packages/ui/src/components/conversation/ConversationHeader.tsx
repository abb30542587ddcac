import { Box, Button, chakra, HStack, IconButton, Text } from '@chakra-ui/react'
import { LuArrowLeft, LuCheck, LuRotateCcw, LuUndo2 } from 'react-icons/lu'
import { ContactAvatar } from '../../internal/ContactAvatar'
import { useT } from '../../internal/useT'
import { TicketOptionsMenu } from './internal/TicketOptionsMenu'

export interface ConversationHeaderProps {
  contact: { name: string; profilePicUrl?: string | null }
  status: 'open' | 'pending' | 'closed'
  /** The assigned user's name, under the contact's. */
  assignedTo?: string | null
  onBack?: () => void
  /** Makes the contact a button, e.g. to open the contact drawer. */
  onContactClick?: () => void
  /** Pending: Accept. */
  onAccept?: () => void
  /** Open: Return (back to pending, unassigned) and Resolve. */
  onReturn?: () => void
  onResolve?: () => void
  /** Closed: Reopen. */
  onReopen?: () => void
  /** The options menu: Transfer, and Delete when `canDelete`. */
  onTransfer?: () => void
  onDelete?: () => void
  canDelete?: boolean
  /** A transition is in flight: the actions wait. */
  isBusy?: boolean
}

const ContactButton = chakra('button', {
  base: { display: 'flex', alignItems: 'center', gap: '3', minWidth: '0', textAlign: 'start', borderRadius: 'l2' },
})

/** Back, the contact, and the actions the ticket's status allows. */
export function ConversationHeader(props: ConversationHeaderProps) {
  const { contact, status, assignedTo, isBusy } = props
  const t = useT()
  const who = (
    <>
      <ContactAvatar name={contact.name} src={contact.profilePicUrl} />
      <Box minWidth="0">
        <Text fontWeight="semibold" truncate>
          {contact.name}
        </Text>
        {assignedTo && (
          <Text textStyle="xs" color="fg.muted" truncate>
            {t('conversation.assignedTo', { name: assignedTo })}
          </Text>
        )}
      </Box>
    </>
  )
  return (
    <HStack gap="2" paddingInline="2" paddingBlock="2" borderBottomWidth="1px" bg="bg.panel" minWidth="0">
      {props.onBack && (
        <IconButton
          size="sm"
          variant="ghost"
          colorPalette="gray"
          aria-label={t('conversation.back')}
          onClick={props.onBack}
        >
          <LuArrowLeft />
        </IconButton>
      )}
      {props.onContactClick ? (
        <ContactButton type="button" onClick={props.onContactClick} flex="1">
          {who}
        </ContactButton>
      ) : (
        <HStack gap="3" flex="1" minWidth="0">
          {who}
        </HStack>
      )}
      <HStack gap="2" flexShrink="0">
        {status === 'pending' && (
          <Button size="sm" onClick={props.onAccept} disabled={isBusy}>
            <LuCheck aria-hidden />
            {t('conversation.accept')}
          </Button>
        )}
        {status === 'open' && (
          <>
            <Button size="sm" variant="outline" colorPalette="gray" onClick={props.onReturn} disabled={isBusy}>
              <LuUndo2 aria-hidden />
              {t('conversation.return')}
            </Button>
            <Button size="sm" onClick={props.onResolve} disabled={isBusy}>
              <LuCheck aria-hidden />
              {t('conversation.resolve')}
            </Button>
          </>
        )}
        {status === 'closed' && (
          <Button size="sm" variant="outline" colorPalette="gray" onClick={props.onReopen} disabled={isBusy}>
            <LuRotateCcw aria-hidden />
            {t('conversation.reopen')}
          </Button>
        )}
        <TicketOptionsMenu
          onTransfer={props.onTransfer}
          onDelete={props.onDelete}
          canDelete={props.canDelete}
          disabled={isBusy}
        />
      </HStack>
    </HStack>
  )
}
