export type {
  DirectConnection,
  DirectEstimateData,
  DirectRecipientCheck,
  DirectSendFormProps,
  DirectSendFormValues,
  DirectSendValues,
} from './DirectSendForm'
export { DirectSendForm } from './DirectSendForm'
