export type { OutreachJobsProps } from './OutreachJobs'
export { OutreachJobs } from './OutreachJobs'
