import { Box, Button, chakra, HStack, IconButton, Text, useBreakpointValue } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuArrowLeft, LuCheck, LuRotateCcw, LuUndo2 } from 'react-icons/lu'
import { ContactAvatar } from '../../internal/ContactAvatar'
import { useContactName } from '../../internal/useContactName'
import { useElementWidth } from '../../internal/useElementWidth'
import { useT } from '../../internal/useT'
import { ChannelMark } from '../channel-mark/ChannelMark'
import { type TicketAction, TicketOptionsMenu } from './internal/TicketOptionsMenu'

export interface ConversationHeaderProps {
  contact: { name: string; profilePicUrl?: string | null; number?: string | null; isGroup?: boolean }
  /** The connection's driver: the channel the conversation runs on, marked beside the name. */
  channel?: string | null
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
  /**
   * Fold Accept, Return, Resolve and Reopen into the options menu so the contact's name keeps its room.
   * Defaults to the header's own width: as it narrows (a contact panel open beside it, a small window) the
   * secondary action folds first, then the primary one, then the lane; phones (below `md`, 768 px) fold all.
   */
  folded?: boolean
  /**
   * The conversation's tools (resolve with protocol, exports, e-mail; see `useConversationToolActions`): listed in
   * the options menu when folded, since their toolbar is hidden on phones.
   */
  tools?: TicketAction[]
  /** The ticket's kanban lane (a `LaneSelector`), before the actions; left out when folded (phones), where the board changes it. */
  laneSelector?: ReactNode
}

const ContactButton = chakra('button', {
  base: { display: 'flex', alignItems: 'center', gap: '3', minWidth: '0', textAlign: 'start', borderRadius: 'l2' },
})

/** Back, the contact, and the actions the ticket's status allows (folded into the options menu on phones). */
export function ConversationHeader(props: ConversationHeaderProps) {
  const { contact, assignedTo, isBusy } = props
  const t = useT()
  const name = useContactName()(contact)
  const narrow = useBreakpointValue({ base: true, md: false }, { ssr: false }) ?? false
  const { ref, width } = useElementWidth<HTMLDivElement>()
  const room =
    props.folded === undefined
      ? roomFor(narrow ? 0 : width, Boolean(props.laneSelector))
      : props.folded
        ? ROOM.none
        : ROOM.all
  const actions = statusActions(props, t)
  // The primary action (or the only one, Reopen) stays longest; the secondary one folds first.
  const main = (action: (typeof actions)[number]) => action.primary || actions.length === 1
  const shown = actions.filter((action) => room >= (main(action) ? ROOM.primary : ROOM.all))
  const folded = actions.filter((action) => !shown.includes(action))
  const who = (
    <>
      <ContactAvatar name={name} src={contact.profilePicUrl} />
      <Box minWidth="0">
        <HStack gap="1.5" minWidth="0">
          <Text fontWeight="semibold" truncate>
            {name}
          </Text>
          <ChannelMark channel={props.channel} />
        </HStack>
        {assignedTo && (
          <Text textStyle="xs" color="fg.muted" truncate>
            {t('conversation.assignedTo', { name: assignedTo })}
          </Text>
        )}
      </Box>
    </>
  )
  return (
    <HStack
      ref={ref}
      data-testid="conversation-header"
      gap="2"
      paddingInline="2"
      paddingBlock="2"
      borderBottomWidth="1px"
      bg="bg.panel"
      minWidth="0"
    >
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
        <ContactButton type="button" onClick={props.onContactClick} flex="1" minWidth={NAME_MIN_WIDTH}>
          {who}
        </ContactButton>
      ) : (
        <HStack gap="3" flex="1" minWidth={NAME_MIN_WIDTH}>
          {who}
        </HStack>
      )}
      <HStack gap="2" flexShrink="0">
        {room >= ROOM.lane && props.laneSelector}
        {shown.map((action) => (
          <Button
            key={action.value}
            size="sm"
            variant={action.primary ? 'solid' : 'outline'}
            colorPalette={action.primary ? 'brand' : 'gray'}
            onClick={action.onSelect}
            disabled={isBusy}
          >
            {action.icon}
            {action.label}
          </Button>
        ))}
        <TicketOptionsMenu
          actions={folded}
          tools={narrow ? props.tools : undefined}
          onTransfer={props.onTransfer}
          onDelete={props.onDelete}
          canDelete={props.canDelete}
          disabled={isBusy}
        />
      </HStack>
    </HStack>
  )
}

/** What the header shows besides the name, by width: the lane, then the primary action, then all actions. */
const ROOM = { none: 0, lane: 1, primary: 2, all: 3 } as const
type Room = (typeof ROOM)[keyof typeof ROOM]
/** The name keeps about 10 rem (160 px) before anything else. */
const NAME_MIN_WIDTH = '40'

/** About what the lane selector takes, with its label and gap. */
const LANE_WIDTH = 190

/**
 * Content widths (px) from which the lane, the primary action and all the actions fit beside a readable name
 * (the lane selector, when there is one, comes first).
 */
function roomFor(width: number, hasLane: boolean): Room {
  const lane = hasLane ? LANE_WIDTH : 0
  if (width >= 490 + lane) return ROOM.all
  if (width >= 350 + lane) return ROOM.primary
  if (width >= 250 + lane) return ROOM.lane
  return ROOM.none
}

/** Pending: Accept; open: Return and Resolve; closed: Reopen. The primary one is drawn solid. */
function statusActions(props: ConversationHeaderProps, t: ReturnType<typeof useT>) {
  const accept = { value: 'accept', label: t('conversation.accept'), icon: <LuCheck aria-hidden /> }
  const actions: Record<ConversationHeaderProps['status'], (TicketAction & { primary?: boolean })[]> = {
    pending: [{ ...accept, onSelect: props.onAccept, primary: true }],
    open: [
      { value: 'return', label: t('conversation.return'), icon: <LuUndo2 aria-hidden />, onSelect: props.onReturn },
      { ...accept, value: 'resolve', label: t('conversation.resolve'), onSelect: props.onResolve, primary: true },
    ],
    closed: [
      { value: 'reopen', label: t('conversation.reopen'), icon: <LuRotateCcw aria-hidden />, onSelect: props.onReopen },
    ],
  }
  return actions[props.status]
}
