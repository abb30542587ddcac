export type { ContactsTableContact, ContactsTableProps } from './ContactsTable'
export { ContactsTable } from './ContactsTable'
