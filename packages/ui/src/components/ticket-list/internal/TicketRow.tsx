import { chakra, Flex, Skeleton, Stack } from '@chakra-ui/react'
import { type CSSProperties, memo } from 'react'
import type { DateInput } from '../../../lib/datetime'
import {
  TICKET_LIST_ITEM_HEIGHT,
  TicketListItem,
  type TicketListItemProps,
  type TicketListItemTicket,
} from '../../ticket-list-item/TicketListItem'
import { ROW_INDEX } from './useRovingRows'

/** The row is the focus stop of the keyboard; its item draws the ring, as it does for the name button. */
const Row = chakra('div', {
  base: {
    outline: 'none',
    '&:focus-visible > *': { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-2px' },
  },
})

export type TicketRowHandlers = Pick<TicketListItemProps, 'onOpen' | 'onAccept' | 'onView' | 'onClose'>

interface TicketRowProps {
  index: number
  /** Offset from the top of the list, in px. */
  top: number
  /** Absent for a skeleton row under the loaded ones. */
  ticket?: TicketListItemTicket
  selected: boolean
  /** The row that takes the list's one tab stop (roving focus). */
  active: boolean
  /** Number of tickets in the whole list. */
  setSize: number
  handlers: TicketRowHandlers
  now?: DateInput
  draft?: string
  /** The searched text, marked in each ticket's matching message. */
  highlight?: string
}

/**
 * One placed row. Memoised: while the list scrolls, rows that stay in view are not drawn again. Its box is
 * a fixed size with strict containment, so a row entering the view never makes the browser lay out the others.
 */
export const TicketRow = memo(function TicketRow({
  index,
  top,
  ticket,
  selected,
  active,
  setSize,
  handlers,
  now,
  draft,
  highlight,
}: TicketRowProps) {
  const style: CSSProperties = {
    position: 'absolute',
    insetInline: 0,
    top,
    height: TICKET_LIST_ITEM_HEIGHT,
    contain: 'strict',
  }
  if (!ticket) {
    return (
      <div role="listitem" aria-hidden style={style}>
        <SkeletonItem />
      </div>
    )
  }
  return (
    <Row
      role="listitem"
      aria-setsize={setSize}
      aria-posinset={index + 1}
      style={style}
      tabIndex={active ? 0 : -1}
      {...{ [ROW_INDEX]: index }}
    >
      <TicketListItem
        ticket={ticket}
        selected={selected}
        onOpen={handlers.onOpen}
        onAccept={handlers.onAccept}
        onView={handlers.onView}
        onClose={handlers.onClose}
        now={now}
        draft={draft}
        highlight={highlight}
      />
    </Row>
  )
})

function SkeletonItem() {
  return (
    <Flex height={`${TICKET_LIST_ITEM_HEIGHT}px`} gap="3" padding="3" paddingInlineStart="4.5" borderBottomWidth="1px">
      <Skeleton boxSize="10" borderRadius="full" flexShrink="0" />
      <Stack flex="1" gap="2">
        <Skeleton height="4" width="50%" />
        <Skeleton height="3" width="80%" />
        <Skeleton height="3" width="30%" />
      </Stack>
    </Flex>
  )
}
