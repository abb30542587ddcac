import { EmptyState, type MessageId, PageContainer, PageHeader } from '@desk/ui'
import { useT } from '../lib/useT'

export interface EmptyPageProps {
  title: MessageId
}

/** A page whose screen arrives in a later release: its title inside the shell, nothing else yet. */
export function EmptyPage({ title }: EmptyPageProps) {
  const t = useT()
  return (
    <PageContainer>
      <PageHeader title={t(title)} />
      <EmptyState />
    </PageContainer>
  )
}
