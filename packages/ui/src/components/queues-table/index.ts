export type { QueuesTableProps, QueuesTableQueue } from './QueuesTable'
export { QueuesTable } from './QueuesTable'
