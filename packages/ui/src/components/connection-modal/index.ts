export type {
  CloudApiSettings,
  ConnectionDriver,
  ConnectionModalProps,
  ConnectionModalValues,
  TelephonySettings,
  TelephonyTestInput,
  TelephonyTestResult,
} from './ConnectionModal'
export { ConnectionModal } from './ConnectionModal'
