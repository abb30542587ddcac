export type { KanbanCardData, KanbanCardProps } from './KanbanCard'
export { KANBAN_CARD_HEIGHT, KanbanCard } from './KanbanCard'
export { minutesSince, type WaitLevel, waitLevel, waitParts } from './waiting'
