export type { RescheduleJobDialogProps, RescheduleJobValues } from './RescheduleJobDialog'
export { RescheduleJobDialog } from './RescheduleJobDialog'
