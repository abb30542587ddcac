export type { ScheduleSendFormProps, ScheduleSendFormValues, ScheduleSendValues } from './ScheduleSendForm'
export { ScheduleSendForm } from './ScheduleSendForm'
