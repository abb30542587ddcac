export type { JobRecipient, JobRecipientsTableProps, RecipientFilter, RecipientState } from './JobRecipientsTable'
export { JobRecipientsTable } from './JobRecipientsTable'
