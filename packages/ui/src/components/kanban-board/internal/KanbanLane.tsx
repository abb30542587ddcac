import { Badge, Box, Flex, HStack, IconButton, Text } from '@chakra-ui/react'
import type { Lane } from '@desk/api-client/contract'
import { useDraggable, useDroppable } from '@dnd-kit/core'
import { memo, type ReactNode, useMemo } from 'react'
import { LuDownload } from 'react-icons/lu'
import { useLaneTitle } from '../../../internal/useLaneTitle'
import { useT } from '../../../internal/useT'
import { useWindowing } from '../../../internal/useWindowing'
import type { DateInput } from '../../../lib/datetime'
import { KANBAN_CARD_HEIGHT, KanbanCard, type KanbanCardData } from '../../kanban-card/KanbanCard'
import { CARD_PREFIX, LANE_PREFIX } from './laneKeyboard'

/** Lanes with more cards than this draw only the cards in view. */
export const WINDOWED_LANE_FROM = 40

interface LaneProps {
  lane: Lane
  cards: KanbanCardData[]
  waitLimitMinutes: number
  now?: DateInput
  draggingId: number | null
  onOpen?: (ticketId: number) => void
  onExport?: (lane: Lane) => void
}

/** A card as the board drags it. */
const DraggableCard = memo(function DraggableCard({
  card,
  ...rest
}: {
  card: KanbanCardData
  waitLimitMinutes: number
  now?: DateInput
  dragging: boolean
  onOpen?: (ticketId: number) => void
}) {
  const { setNodeRef, attributes, listeners } = useDraggable({ id: `${CARD_PREFIX}${card.ticketId}` })
  // This draws again whenever dnd-kit's context changes (a drag starting, moving, ending); with the same handle
  // props as before (dnd-kit keeps `attributes` and `listeners` while nothing of theirs changes), the card does not.
  const handleProps = useMemo(() => ({ ...attributes, ...listeners }), [attributes, listeners])
  return <KanbanCard ref={setNodeRef} card={card} handleProps={handleProps} {...rest} />
})

function CardList({ cards, render }: { cards: KanbanCardData[]; render: (card: KanbanCardData) => ReactNode }) {
  const windowed = cards.length > WINDOWED_LANE_FROM
  const { scrollRef, indexes, totalHeight, offsetOf } = useWindowing({
    count: windowed ? cards.length : 0,
    rowHeight: KANBAN_CARD_HEIGHT,
  })
  // The cards' slots are plain elements: a styled one resolves its style props on every draw, and a lane draws
  // its slots again whenever its cards change.
  return (
    <Box ref={scrollRef} flex="1" overflowY="auto" paddingInline="2" paddingBottom="2" minHeight="24">
      {windowed ? (
        <div style={{ position: 'relative', height: totalHeight }}>
          {indexes.map((i) => {
            const card = cards[i] as KanbanCardData
            return (
              <div key={card.ticketId} style={{ position: 'absolute', insetInline: 0, top: offsetOf(i) }}>
                {render(card)}
              </div>
            )
          })}
        </div>
      ) : (
        cards.map((card) => (
          <div key={card.ticketId} style={{ height: KANBAN_CARD_HEIGHT }}>
            {render(card)}
          </div>
        ))
      )}
    </Box>
  )
}

/**
 * One column of the board: its colour, title, card count, CSV export and cards; a drop target. Drawn again only
 * when one of its props changes: the board keeps a lane's cards while none of them changed (see `Board`).
 */
export const KanbanLane = memo(function KanbanLane({
  lane,
  cards,
  waitLimitMinutes,
  now,
  draggingId,
  onOpen,
  onExport,
}: LaneProps) {
  const t = useT()
  const title = useLaneTitle()(lane)
  const { setNodeRef, isOver } = useDroppable({ id: `${LANE_PREFIX}${lane.laneId}` })
  return (
    <Flex
      ref={setNodeRef}
      role="group"
      aria-label={title}
      direction="column"
      width="72"
      flexShrink="0"
      maxHeight="full"
      borderWidth="1px"
      borderRadius="lg"
      bg={isOver ? 'bg.emphasized' : 'bg.subtle'}
      overflow="hidden"
      data-lane-id={lane.laneId}
    >
      <Box height="1" flexShrink="0" style={{ background: lane.color }} aria-hidden />
      <HStack paddingInline="3" paddingBlock="2" gap="2">
        <Text as="h2" fontWeight="semibold" truncate flex="1">
          {title}
        </Text>
        <Badge size="sm" variant="subtle" aria-label={t('kanban.cardCount', { count: cards.length })}>
          {cards.length}
        </Badge>
        {onExport && (
          <IconButton
            size="2xs"
            variant="ghost"
            aria-label={t('kanban.exportLane', { title })}
            title={t('kanban.exportLane', { title })}
            onClick={() => onExport(lane)}
          >
            <LuDownload />
          </IconButton>
        )}
      </HStack>
      {cards.length === 0 ? (
        <Text textStyle="sm" color="fg.muted" paddingInline="3" paddingBottom="4">
          {t('kanban.emptyLane')}
        </Text>
      ) : (
        <CardList
          cards={cards}
          render={(card) => (
            <DraggableCard
              card={card}
              waitLimitMinutes={waitLimitMinutes}
              now={now}
              dragging={draggingId === card.ticketId}
              onOpen={onOpen}
            />
          )}
        />
      )}
    </Flex>
  )
})
