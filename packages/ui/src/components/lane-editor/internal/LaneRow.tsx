import { Box, HStack, IconButton, Text } from '@chakra-ui/react'
import type { Lane } from '@desk/api-client/contract'
import { useSortable } from '@dnd-kit/sortable'
import { LuArrowDown, LuArrowUp, LuGripVertical, LuPencil, LuTrash2 } from 'react-icons/lu'
import { useLaneTitle } from '../../../internal/useLaneTitle'
import { useT } from '../../../internal/useT'

interface LaneRowProps {
  lane: Lane
  index: number
  count: number
  disabled?: boolean
  onMove: (from: number, to: number) => void
  onEdit: (lane: Lane) => void
  onDelete: (lane: Lane) => void
}

/** One lane in the editor: a drag handle (mouse, touch, keyboard), ↑/↓ buttons, edit and delete. */
export function LaneRow({ lane, index, count, disabled, onMove, onEdit, onDelete }: LaneRowProps) {
  const t = useT()
  const title = useLaneTitle()(lane)
  const { setNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({
    id: lane.id,
    disabled,
  })
  return (
    <HStack
      ref={setNodeRef}
      as="li"
      gap="2"
      paddingBlock="1.5"
      paddingInline="2"
      borderWidth="1px"
      borderRadius="md"
      bg={isDragging ? 'bg.emphasized' : 'bg.panel'}
      style={{
        transform: transform ? `translate3d(0, ${Math.round(transform.y)}px, 0)` : undefined,
        transition,
      }}
    >
      <IconButton
        size="xs"
        variant="ghost"
        cursor="grab"
        aria-label={t('kanban.editor.dragLane', { title })}
        {...attributes}
        {...listeners}
      >
        <LuGripVertical />
      </IconButton>
      <Box width="3" height="3" borderRadius="full" flexShrink="0" style={{ background: lane.color }} aria-hidden />
      <Text flex="1" truncate>
        {title}
      </Text>
      <IconButton
        size="xs"
        variant="ghost"
        disabled={disabled || index === 0}
        aria-label={t('kanban.editor.moveUp', { title })}
        onClick={() => onMove(index, index - 1)}
      >
        <LuArrowUp />
      </IconButton>
      <IconButton
        size="xs"
        variant="ghost"
        disabled={disabled || index === count - 1}
        aria-label={t('kanban.editor.moveDown', { title })}
        onClick={() => onMove(index, index + 1)}
      >
        <LuArrowDown />
      </IconButton>
      <IconButton
        size="xs"
        variant="ghost"
        aria-label={t('kanban.editor.edit', { title })}
        onClick={() => onEdit(lane)}
      >
        <LuPencil />
      </IconButton>
      <IconButton
        size="xs"
        variant="ghost"
        colorPalette="red"
        disabled={count === 1}
        aria-label={t('kanban.editor.delete', { title })}
        onClick={() => onDelete(lane)}
      >
        <LuTrash2 />
      </IconButton>
    </HStack>
  )
}
