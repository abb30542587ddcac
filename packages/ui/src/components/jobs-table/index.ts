export type { JobsTableJob, JobsTableProps } from './JobsTable'
export { JobsTable } from './JobsTable'
