export type { QueueModalProps, QueueModalValues } from './QueueModal'
export { QueueModal } from './QueueModal'
