import { EmptyPage } from '../EmptyPage'

export function QueuesPage() {
  return <EmptyPage title="nav.queues" />
}

export default QueuesPage
