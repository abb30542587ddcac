export type { UserModalConnection, UserModalProps, UserModalQueue, UserModalValues } from './UserModal'
export { UserModal } from './UserModal'
