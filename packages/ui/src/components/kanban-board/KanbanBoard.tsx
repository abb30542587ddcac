import { Box, Button, Flex, Heading, HStack, Spinner, Stack, Text } from '@chakra-ui/react'
import type { Lane } from '@desk/api-client/contract'
import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core'
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react'
import { LuColumns3 } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { type DateInput, dateTimeSettings } from '../../lib/datetime'
import type { UiError } from '../error-message/useErrorText'
import { KanbanCard, type KanbanCardData } from '../kanban-card/KanbanCard'
import { LoadError } from '../list-state/LoadError'
import { KanbanLane } from './internal/KanbanLane'
import { CARD_PREFIX, LANE_PREFIX, laneKeyboardCoordinates } from './internal/laneKeyboard'

export interface KanbanBoardProps {
  /** The lanes in order; undefined while loading. */
  lanes?: Lane[]
  /** Every card the viewer may see; undefined while loading. */
  cards?: KanbanCardData[]
  isLoading?: boolean
  error?: UiError | null
  onRetry?: () => void
  /** Minutes a card may wait before it shows as late. */
  waitLimitMinutes: number
  /** A card was dropped on another lane. The board shows what `cards` says: the caller moves it (and back on failure). */
  onMoveCard: (ticketId: number, laneId: string) => void
  /** A card was clicked (or Enter pressed on it). */
  onOpenCard?: (ticketId: number) => void
  /** Shows each lane's CSV export button. */
  onExportLane?: (lane: Lane) => void
  /** "Now" for the waiting times; defaults to the clock. */
  now?: DateInput
  /** Shows "Manage lanes" in the board's header (administrators). */
  onManageLanes?: () => void
}

const ticketOf = (id: string | number) => Number(String(id).slice(CARD_PREFIX.length))
const laneOf = (id: string | number) => String(id).slice(LANE_PREFIX.length)

/**
 * How a drag starts, from each kind of input. Kept outside the board: dnd-kit makes its sensors, and from them
 * every card's drag handlers, again whenever these options are new objects, and every card in view would then
 * be drawn again on each of the board's draws.
 */
const POINTER_OPTIONS = { activationConstraint: { distance: 6 } }
const TOUCH_OPTIONS = { activationConstraint: { delay: 200, tolerance: 8 } }
const KEYBOARD_OPTIONS = {
  coordinateGetter: laneKeyboardCoordinates,
  keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] },
}

/** Whether two lists hold the same cards (the same objects), in the same order. */
const sameCards = (a: KanbanCardData[], b: KanbanCardData[]) =>
  a.length === b.length && a.every((card, i) => card === b[i])

/** The time, once a minute (undefined when not `running`): what the cards' waiting times count to. */
function useMinuteClock(running: boolean): number | undefined {
  const [time, setTime] = useState(() => dateTimeSettings.now())
  useEffect(() => {
    if (!running) return
    const timer = setInterval(() => setTime(dateTimeSettings.now()), 60_000)
    return () => clearInterval(timer)
  }, [running])
  return running ? time : undefined
}

/** The pointer's lane when it is over one, else the lane the dragged card overlaps most. */
const collision: CollisionDetection = (args) => {
  const within = pointerWithin(args)
  return within.length ? within : rectIntersection(args)
}

/**
 * The kanban of open tickets: lanes side by side, each with its cards. Cards are dragged with the
 * mouse, by touch (press and hold) or by keyboard (Space picks up, ←/→ change lane, Space drops,
 * Escape cancels); a click or Enter opens the ticket. Without lanes, or while loading, the
 * placeholder lane explains what the board needs and shows.
 */
export function KanbanBoard(props: KanbanBoardProps) {
  const t = useT()
  return (
    <Flex direction="column" height="full" minHeight="0">
      <HStack paddingInline="4" paddingTop="4" justify="space-between">
        <Heading as="h1" textStyle="2xl">
          {t('kanban.title')}
        </Heading>
        {props.onManageLanes && (
          <Button size="sm" variant="outline" onClick={props.onManageLanes}>
            <LuColumns3 /> {t('kanban.manageLanes')}
          </Button>
        )}
      </HStack>
      <Box flex="1" minHeight="0">
        <Board {...props} />
      </Box>
    </Flex>
  )
}

function Board(props: KanbanBoardProps) {
  const { lanes, cards, isLoading, error, onRetry, waitLimitMinutes, onMoveCard, onOpenCard, onExportLane, now } = props
  const t = useT()
  const [dragging, setDragging] = useState<number | null>(null)
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(TouchSensor, TOUCH_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  )
  // Each lane's cards. A lane whose cards are the same as before keeps its list, so a move (a drop, a
  // colleague's move heard live) draws only the two lanes it changed.
  const previousByLane = useRef(new Map<string, KanbanCardData[]>())
  const byLane = useMemo(() => {
    const map = new Map<string, KanbanCardData[]>()
    for (const card of cards ?? []) {
      if (card.status !== 'open') continue
      const list = map.get(card.laneId) ?? []
      list.push(card)
      map.set(card.laneId, list)
    }
    for (const [laneId, list] of map) {
      const before = previousByLane.current.get(laneId)
      if (before && sameCards(before, list)) map.set(laneId, before)
    }
    previousByLane.current = map
    return map
  }, [cards])
  // The waiting times count from the clock unless `now` is given: a minute's tick draws the cards again.
  const clock = useMinuteClock(now === undefined)
  const cardsNow = now ?? clock
  // The caller's handlers may be new on every draw; the lanes get ones that stay, calling the latest.
  const handlers = useRef({ onOpenCard, onExportLane })
  useLayoutEffect(() => {
    handlers.current = { onOpenCard, onExportLane }
  })
  const openCard = useCallback((ticketId: number) => handlers.current.onOpenCard?.(ticketId), [])
  const exportLane = useCallback((lane: Lane) => handlers.current.onExportLane?.(lane), [])
  // What screen readers hear while a card is dragged, rebuilt only when the lanes or cards change.
  const announcements = useMemo<Announcements>(() => {
    const titleOf = (id: string | number | undefined) =>
      lanes?.find((l) => `${LANE_PREFIX}${l.laneId}` === String(id))?.title ?? ''
    const nameOf = (id: string | number) => cards?.find((c) => c.ticketId === ticketOf(id))?.title ?? ''
    return {
      onDragStart: ({ active }) => t('kanban.a11y.picked', { name: nameOf(active.id) }),
      onDragOver: ({ active, over }) =>
        over ? t('kanban.a11y.over', { name: nameOf(active.id), lane: titleOf(over.id) }) : undefined,
      onDragEnd: ({ active, over }) =>
        over
          ? t('kanban.a11y.dropped', { name: nameOf(active.id), lane: titleOf(over.id) })
          : t('kanban.a11y.cancelled', { name: nameOf(active.id) }),
      onDragCancel: ({ active }) => t('kanban.a11y.cancelled', { name: nameOf(active.id) }),
    }
  }, [lanes, cards, t])

  if (!lanes?.length || !cards) {
    return (
      <Flex padding="4" gap="4">
        <Stack width="72" borderWidth="1px" borderRadius="lg" padding="4" gap="3" bg="bg.subtle" aria-busy={isLoading}>
          <Text fontWeight="semibold">{t('kanban.placeholder.title')}</Text>
          <Text textStyle="sm" color="fg.muted">
            {t('kanban.placeholder.body')}
          </Text>
          {isLoading && (
            <Flex role="status" align="center" gap="2" color="fg.muted">
              <Spinner size="sm" />
              <Text textStyle="sm">{t('common.loading')}</Text>
            </Flex>
          )}
          {error && <LoadError variant="inline" error={error} onRetry={onRetry} isRetrying={isLoading} />}
        </Stack>
      </Flex>
    )
  }

  const active = dragging === null ? undefined : cards.find((c) => c.ticketId === dragging)
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('kanban.a11y.instructions') } }}
      onDragStart={(e: DragStartEvent) => setDragging(ticketOf(e.active.id))}
      onDragCancel={() => setDragging(null)}
      onDragEnd={(e: DragEndEvent) => {
        setDragging(null)
        if (!e.over) return
        const ticketId = ticketOf(e.active.id)
        const laneId = laneOf(e.over.id)
        if (cards.find((c) => c.ticketId === ticketId)?.laneId !== laneId) onMoveCard(ticketId, laneId)
      }}
    >
      <Flex gap="3" padding="4" height="full" overflowX="auto" align="flex-start">
        {lanes.map((lane) => (
          <KanbanLane
            key={lane.id}
            lane={lane}
            cards={byLane.get(lane.laneId) ?? []}
            waitLimitMinutes={waitLimitMinutes}
            now={cardsNow}
            draggingId={dragging}
            onOpen={openCard}
            onExport={onExportLane ? exportLane : undefined}
          />
        ))}
      </Flex>
      {error && (
        <Box paddingInline="4">
          <LoadError variant="inline" error={error} onRetry={onRetry} isRetrying={isLoading} />
        </Box>
      )}
      <DragOverlay dropAnimation={null}>
        {active ? <KanbanCard card={active} waitLimitMinutes={waitLimitMinutes} now={cardsNow} /> : null}
      </DragOverlay>
    </DndContext>
  )
}
