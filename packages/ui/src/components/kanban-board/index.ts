export type { KanbanBoardProps } from './KanbanBoard'
export { KanbanBoard } from './KanbanBoard'
