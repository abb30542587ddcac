export type { ImportHistoryFormProps, ImportHistoryFormValues, ImportHistoryValues } from './ImportHistoryForm'
export { ImportHistoryForm } from './ImportHistoryForm'
