export type {
  TelephonySender,
  TelephonySendFormProps,
  TelephonySendFormValues,
  TelephonySendValues,
  TelephonySendVariant,
} from './TelephonySendForm'
export { TelephonySendForm } from './TelephonySendForm'
