import { Box } from '@chakra-ui/react'
import { type ReactNode, type Ref, useEffect, useImperativeHandle, useRef } from 'react'
import { LuInbox } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { useWindowing } from '../../internal/useWindowing'
import type { DateInput } from '../../lib/datetime'
import { EmptyState } from '../empty-state/EmptyState'
import type { UiError } from '../error-message/useErrorText'
import { ListState } from '../list-state/ListState'
import { TICKET_LIST_ITEM_HEIGHT, type TicketListItemTicket } from '../ticket-list-item/TicketListItem'
import { TicketRow } from './internal/TicketRow'
import { useRovingRows } from './internal/useRovingRows'
import { useStableHandlers } from './internal/useStableHandlers'

/** How close to the bottom, in px, the next page is asked for. */
const LOAD_MORE_THRESHOLD = 100
const SKELETON_ROWS = 3

/** What a page can ask of the list. */
export interface TicketListHandle {
  /** Moves the focus to a ticket's row (or the active row), scrolled into view: e.g. when its conversation closes. */
  focusRow: (ticketId?: number) => void
}

export interface TicketListProps {
  ref?: Ref<TicketListHandle>
  tickets: TicketListItemTicket[]
  /** The ticket whose conversation is open. */
  selectedId?: number
  /** Skeleton rows: the whole list on the first load, under the loaded rows while a next page loads. */
  isLoading?: boolean
  /** More pages exist: `onLoadMore` is called within 100 px of the bottom. */
  hasMore?: boolean
  onLoadMore?: () => void
  /** The last load failed: in place of the list, or under the rows already loaded. */
  error?: UiError | null
  /** Loads the list again after a failure (its Retry button). */
  onReload?: () => void
  onOpen?: (ticket: TicketListItemTicket) => void
  onAccept?: (ticket: TicketListItemTicket) => void
  onView?: (ticket: TicketListItemTicket) => void
  onClose?: (ticket: TicketListItemTicket) => void
  /** Defaults to "No tickets here!" and its hint. */
  emptyTitle?: ReactNode
  emptyMessage?: ReactNode
  /** Accessible name of the list; defaults to "Tickets". */
  label?: string
  /** Height of the scrolling area; defaults to filling its parent. */
  height?: string
  now?: DateInput
  /** Text waiting in a ticket's composer, by ticket id: its row shows "Draft:" and the text. */
  drafts?: Readonly<Record<number, string>>
  /** Search results: the searched text, for each row to show (and mark) the message that holds it. */
  highlight?: string
}

/**
 * A windowed list of tickets: only the rows in view are drawn, so thousands of tickets scroll smoothly.
 * Keyboard: the list is one tab stop; ↑/↓ (PageUp/PageDown, Home/End) move between rows and Enter opens
 * the row (a waiting ticket is opened with View, as it cannot be opened before it is accepted).
 */
export function TicketList(props: TicketListProps) {
  const { tickets, selectedId, isLoading, hasMore, onLoadMore, now } = props
  const t = useT()
  const rowCount = tickets.length + (isLoading ? SKELETON_ROWS : 0)
  const asked = useRef(-1)
  const check = (el: HTMLDivElement) => {
    const nearEnd = el.scrollHeight - el.scrollTop - el.clientHeight <= LOAD_MORE_THRESHOLD
    // Once per page: the next call waits for the list to grow.
    if (nearEnd && hasMore && !isLoading && !props.error && asked.current !== tickets.length) {
      asked.current = tickets.length
      onLoadMore?.()
    }
  }
  const handlers = useStableHandlers(props)
  const { scrollRef, indexes, totalHeight, offsetOf } = useWindowing({
    count: rowCount,
    rowHeight: TICKET_LIST_ITEM_HEIGHT,
    onScroll: check,
  })
  const roving = useRovingRows({
    tickets,
    selectedId,
    scrollRef,
    rowHeight: TICKET_LIST_ITEM_HEIGHT,
    onEnter: (ticket) => (ticket.status === 'pending' ? handlers.onView(ticket) : handlers.onOpen(ticket)),
  })
  useImperativeHandle(props.ref, () => ({ focusRow: roving.focusRow }))
  // The active row is drawn even outside the window, so the focus can go to it.
  const active = roving.activeIndex < tickets.length ? roving.activeIndex : -1
  const drawn = active < 0 || indexes.includes(active) ? indexes : [...indexes, active]
  // A short page can leave the end in view with nothing to scroll: check after every change too.
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-checked when the list or its state changes.
  useEffect(() => {
    if (scrollRef.current) check(scrollRef.current)
  }, [tickets.length, hasMore, isLoading])

  return (
    <Box
      ref={scrollRef}
      role="region"
      aria-label={props.label ?? t('tickets.list')}
      aria-busy={isLoading || undefined}
      tabIndex={0}
      overflowY="auto"
      height={props.height ?? 'full'}
      position="relative"
      onKeyDown={roving.onKeyDown}
      onFocus={roving.onFocus}
    >
      <ListState
        count={tickets.length}
        isLoading={isLoading}
        error={props.error}
        onRetry={props.onReload}
        skeletonRows
        empty={
          <EmptyState
            icon={<LuInbox />}
            title={props.emptyTitle ?? t('tickets.empty')}
            description={props.emptyMessage ?? t('tickets.emptyHint')}
          />
        }
      >
        <Box role="list" position="relative" style={{ height: totalHeight }}>
          {drawn.map((index) => {
            const ticket = tickets[index] as TicketListItemTicket | undefined
            return (
              <TicketRow
                key={ticket ? `t${ticket.id}` : `s${index}`}
                index={index}
                top={offsetOf(index)}
                ticket={ticket}
                selected={ticket !== undefined && ticket.id === selectedId}
                active={index === active}
                setSize={tickets.length}
                handlers={handlers}
                now={now}
                draft={ticket ? props.drafts?.[ticket.id] : undefined}
                highlight={props.highlight}
              />
            )
          })}
        </Box>
      </ListState>
    </Box>
  )
}
