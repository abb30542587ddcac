import { EmptyPage } from '../EmptyPage'

export function DashboardPage() {
  return <EmptyPage title="nav.dashboard" />
}

export default DashboardPage
