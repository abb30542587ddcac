import { useDashboard } from '@desk/api-client/hooks'
import { DashboardCounters, LoadError, PageContainer, PageHeader, TicketsPerHourChart } from '@desk/ui'
import { asUiError } from '../../lib/errors'
import { useT } from '../../lib/useT'

/** /: the ticket counters of the user's queues and today's tickets per hour; both follow ticket events. */
export function DashboardPage() {
  const t = useT()
  const { dashboard, error, isLoading, reload } = useDashboard()
  const retry = () => void reload()
  return (
    <PageContainer>
      <PageHeader title={t('nav.dashboard')} />
      {error && !dashboard ? (
        // Nothing to show: the reason and Retry instead of counters and a chart that would wait forever.
        <LoadError error={asUiError(error)} onRetry={retry} isRetrying={isLoading} />
      ) : (
        <>
          {/* A later read failed: the numbers already shown stay. */}
          {error && <LoadError variant="inline" error={asUiError(error)} onRetry={retry} />}
          <DashboardCounters counters={dashboard?.counters} isLoading={isLoading} />
          <TicketsPerHourChart
            perHour={dashboard?.ticketsToday.perHour ?? []}
            total={dashboard?.ticketsToday.total ?? 0}
            isLoading={!dashboard}
          />
        </>
      )}
    </PageContainer>
  )
}

export default DashboardPage
