export type { JobAction, JobProgressProps, OutreachJob } from './JobProgress'
export { JobProgress } from './JobProgress'
