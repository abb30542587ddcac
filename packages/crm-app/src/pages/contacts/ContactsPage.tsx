import { EmptyPage } from '../EmptyPage'

export function ContactsPage() {
  return <EmptyPage title="nav.contacts" />
}

export default ContactsPage
