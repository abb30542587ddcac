export type { TicketsManagerProps, TicketsSubTab, TicketsTab } from './TicketsManager'
export { TicketsManager } from './TicketsManager'
