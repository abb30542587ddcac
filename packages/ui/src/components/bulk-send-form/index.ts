export type {
  BulkSendFormProps,
  BulkSendFormValues,
  BulkSendValues,
  BulkSendVariant,
  OutreachConnection,
  OutreachUpload,
} from './BulkSendForm'
export { BulkSendForm } from './BulkSendForm'
