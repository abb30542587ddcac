export type { ConnectionDriver, ConnectionModalProps, ConnectionModalValues } from './ConnectionModal'
export { ConnectionModal } from './ConnectionModal'
