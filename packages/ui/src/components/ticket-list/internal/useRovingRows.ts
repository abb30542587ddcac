import { type FocusEvent, type KeyboardEvent, type RefObject, useLayoutEffect, useRef, useState } from 'react'
import type { TicketListItemTicket } from '../../ticket-list-item/TicketListItem'

/** The attribute that carries a row's index; the row element with it is the row's focus stop. */
export const ROW_INDEX = 'data-row-index'

interface RovingRowsOptions {
  tickets: TicketListItemTicket[]
  selectedId?: number
  scrollRef: RefObject<HTMLDivElement | null>
  rowHeight: number
  /** Enter on a focused row. */
  onEnter: (ticket: TicketListItemTicket) => void
}

const rowOf = (target: EventTarget) => (target instanceof Element ? target.closest(`[${ROW_INDEX}]`) : null)

/**
 * One tab stop for the whole list (roving focus): ↑/↓ move to the previous or next row, PageUp/PageDown by a
 * view, Home/End to the ends, Enter opens the row. The row is scrolled into view first, so the list can move
 * past the rows drawn so far; the list draws the active row even outside the window, so it can take the focus.
 * The active row follows the ticket (not its position) when tickets arrive above it.
 */
export function useRovingRows({ tickets, selectedId, scrollRef, rowHeight, onEnter }: RovingRowsOptions) {
  const [activeId, setActiveId] = useState<number | undefined>(undefined)
  /** A row to focus once it is drawn. */
  const focusWanted = useRef<number | null>(null)
  const byId = (id: number | undefined) => (id === undefined ? -1 : tickets.findIndex((t) => t.id === id))
  const found = byId(activeId)
  const activeIndex = found >= 0 ? found : Math.max(0, byId(selectedId))

  const rowAt = (index: number) => scrollRef.current?.querySelector<HTMLElement>(`[${ROW_INDEX}="${index}"]`)

  // After the render that drew a row that was not drawn yet: move the focus to it.
  useLayoutEffect(() => {
    if (focusWanted.current === null) return
    rowAt(focusWanted.current)?.focus({ preventScroll: true })
    focusWanted.current = null
  })

  const moveTo = (index: number) => {
    const ticket = tickets[index]
    const el = scrollRef.current
    if (!ticket || !el) return
    const top = index * rowHeight
    if (top < el.scrollTop) el.scrollTop = top
    else if (top + rowHeight > el.scrollTop + el.clientHeight) el.scrollTop = top + rowHeight - el.clientHeight
    setActiveId(ticket.id)
    const row = rowAt(index)
    if (row) row.focus({ preventScroll: true })
    else focusWanted.current = index
  }

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || tickets.length === 0) return
    const row = rowOf(event.target)
    const onRow = row === event.target
    const last = tickets.length - 1
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight) / rowHeight) - 1)
    // From the list itself, the first arrow goes to the active row.
    const from = row ? Number(row.getAttribute(ROW_INDEX)) : undefined
    const step = (delta: number) => (from === undefined ? activeIndex : Math.min(last, Math.max(0, from + delta)))
    const target = targetOf(event.key, { step, page, last })
    if (target !== undefined) {
      event.preventDefault()
      moveTo(target)
    } else if (event.key === 'Enter' && onRow && from !== undefined) {
      const ticket = tickets[from]
      if (!ticket) return
      event.preventDefault()
      onEnter(ticket)
    }
  }

  /** A click or Tab into a row makes it the active one. */
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const row = rowOf(event.target)
    const ticket = row ? tickets[Number(row.getAttribute(ROW_INDEX))] : undefined
    if (ticket && ticket.id !== activeId) setActiveId(ticket.id)
  }

  /** Focus a ticket's row (the active row when it is not in the list), scrolled into view. */
  const focusRow = (ticketId?: number) => {
    const index = byId(ticketId)
    moveTo(index >= 0 ? index : activeIndex)
  }

  return { activeIndex, onKeyDown, onFocus, focusRow }
}

/** The row a navigation key goes to, or `undefined` for other keys. */
function targetOf(key: string, { step, page, last }: { step: (delta: number) => number; page: number; last: number }) {
  switch (key) {
    case 'ArrowDown':
      return step(1)
    case 'ArrowUp':
      return step(-1)
    case 'PageDown':
      return step(page)
    case 'PageUp':
      return step(-page)
    case 'Home':
      return 0
    case 'End':
      return last
    default:
      return undefined
  }
}
