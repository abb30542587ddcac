import { Box, Heading, Skeleton, Table, VisuallyHidden } from '@chakra-ui/react'
import { lazy, Suspense } from 'react'
import { useT } from '../../internal/useT'
import { hourLabel } from './internal/chartScale'

// The chart's drawing is loaded with the chart only, never with the pages that do not draw it.
const HourlyBars = lazy(() => import('./internal/HourlyBars'))

export interface TicketsPerHourChartProps {
  /** The hours of today, 0 to 23, with the tickets created in each. */
  perHour: { hour: number; count: number }[]
  /** Tickets created today ("Tickets today: N"). */
  total: number
  /** Shows a placeholder instead of the chart. */
  isLoading?: boolean
  /** Height of the plot in px; defaults to 320. */
  height?: number
  /** Bars grow into place (never when the system asks for reduced motion); defaults to true. */
  animate?: boolean
}

/** "Tickets today: N" over a bar chart of the tickets created in each hour, 00:00 to 23:00. */
export function TicketsPerHourChart({
  perHour,
  total,
  isLoading,
  height = 320,
  animate = true,
}: TicketsPerHourChartProps) {
  const t = useT()
  const placeholder = <Skeleton height={`${height}px`} width="full" />
  return (
    <Box as="section" borderWidth="1px" borderRadius="l3" bg="bg.panel" padding="4">
      <Heading as="h2" textStyle="lg" marginBottom="3">
        {t('dashboard.ticketsToday', { count: isLoading ? '…' : total })}
      </Heading>
      {isLoading ? (
        placeholder
      ) : (
        <>
          <Suspense fallback={placeholder}>
            <HourlyBars perHour={perHour} height={height} animate={animate} label={t('dashboard.chartLabel')} />
          </Suspense>
          <VisuallyHidden>
            <Table.Root>
              <Table.Caption>{t('dashboard.chartLabel')}</Table.Caption>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('dashboard.hour')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dashboard.tickets')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {perHour.map((bucket) => (
                  <Table.Row key={bucket.hour}>
                    <Table.Cell>{hourLabel(bucket.hour)}</Table.Cell>
                    <Table.Cell>{bucket.count}</Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          </VisuallyHidden>
        </>
      )}
    </Box>
  )
}
