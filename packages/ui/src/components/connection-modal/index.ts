export type {
  ConnectionDriver,
  ConnectionModalProps,
  ConnectionModalValues,
  InstagramSettings,
  TelephonySettings,
  TelephonyTestInput,
  TelephonyTestResult,
} from './ConnectionModal'
export { ConnectionModal } from './ConnectionModal'
