export type { TicketsPerHourChartProps } from './TicketsPerHourChart'
export { TicketsPerHourChart } from './TicketsPerHourChart'
