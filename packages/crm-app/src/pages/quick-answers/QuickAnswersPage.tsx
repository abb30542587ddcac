import { EmptyPage } from '../EmptyPage'

export function QuickAnswersPage() {
  return <EmptyPage title="nav.quickAnswers" />
}

export default QuickAnswersPage
