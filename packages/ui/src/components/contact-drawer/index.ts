export type { ContactDrawerContact, ContactDrawerProps } from './ContactDrawer'
export { ContactDrawer } from './ContactDrawer'
