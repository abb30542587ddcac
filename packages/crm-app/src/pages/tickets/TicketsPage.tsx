import { EmptyPage } from '../EmptyPage'

export function TicketsPage() {
  return <EmptyPage title="nav.tickets" />
}

export default TicketsPage
