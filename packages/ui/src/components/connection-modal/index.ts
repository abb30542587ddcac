export type {
  CloudApiSettings,
  ConnectionDriver,
  ConnectionModalProps,
  ConnectionModalValues,
  InstagramSettings,
  TelephonySettings,
  TelephonyTestInput,
  TelephonyTestResult,
} from './ConnectionModal'
export { ConnectionModal } from './ConnectionModal'
