export type { ContactExtraInfo, ContactModalProps, ContactModalValues } from './ContactModal'
export { ContactModal } from './ContactModal'
