export type { DashboardCountersProps, DashboardCountersValues } from './DashboardCounters'
export { DashboardCounters } from './DashboardCounters'
