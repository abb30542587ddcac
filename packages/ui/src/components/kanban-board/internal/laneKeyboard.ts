import type { KeyboardCoordinateGetter } from '@dnd-kit/core'

/** Droppable ids of lanes start with this; cards' draggable ids with `card:`. */
export const LANE_PREFIX = 'lane:'
export const CARD_PREFIX = 'card:'

/**
 * Keyboard moves for the board: ← and → jump the picked-up card to the previous or next lane (its
 * top), ↑ and ↓ nudge it within the lane. Space or Enter drops it, Escape puts it back.
 */
export const laneKeyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates, context }) => {
  const step = event.code === 'ArrowRight' ? 1 : event.code === 'ArrowLeft' ? -1 : 0
  if (event.code === 'ArrowDown' || event.code === 'ArrowUp') {
    event.preventDefault()
    return { ...currentCoordinates, y: currentCoordinates.y + (event.code === 'ArrowDown' ? 40 : -40) }
  }
  if (!step) return undefined
  event.preventDefault()
  const lanes = [...context.droppableRects.entries()]
    .filter(([id]) => String(id).startsWith(LANE_PREFIX))
    .map(([, rect]) => rect)
    .sort((a, b) => a.left - b.left)
  if (!lanes.length) return undefined
  const centre = currentCoordinates.x + (context.collisionRect?.width ?? 0) / 2
  const current = lanes.findIndex((r) => centre >= r.left && centre < r.left + r.width)
  const from = current < 0 ? lanes.findIndex((r) => r.left > centre) - (step > 0 ? 1 : 0) : current
  const target = lanes[Math.min(lanes.length - 1, Math.max(0, from + step))]
  if (!target) return undefined
  return { x: target.left + 8, y: target.top + 48 }
}
