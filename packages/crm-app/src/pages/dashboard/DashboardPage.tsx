import { useDashboard } from '@desk/api-client/hooks'
import { DashboardCounters, ErrorMessage, PageContainer, PageHeader, TicketsPerHourChart } from '@desk/ui'
import { asUiError } from '../../lib/errors'
import { useT } from '../../lib/useT'

/** /: the ticket counters of the user's queues and today's tickets per hour; both follow ticket events. */
export function DashboardPage() {
  const t = useT()
  const { dashboard, error, isLoading } = useDashboard()
  return (
    <PageContainer>
      <PageHeader title={t('nav.dashboard')} />
      <ErrorMessage error={error && !dashboard ? asUiError(error) : null} />
      <DashboardCounters counters={dashboard?.counters} isLoading={isLoading} />
      <TicketsPerHourChart
        perHour={dashboard?.ticketsToday.perHour ?? []}
        total={dashboard?.ticketsToday.total ?? 0}
        isLoading={!dashboard}
      />
    </PageContainer>
  )
}

export default DashboardPage
