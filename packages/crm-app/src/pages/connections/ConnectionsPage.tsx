import { EmptyPage } from '../EmptyPage'

export function ConnectionsPage() {
  return <EmptyPage title="nav.connections" />
}

export default ConnectionsPage
