import { Box, Flex, SimpleGrid, Skeleton, Stat } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuCircleCheck, LuHeadset, LuHourglass } from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { useT } from '../../internal/useT'

export interface DashboardCountersValues {
  /** In service. */
  open: number
  /** Waiting. */
  pending: number
  closed: number
}

export interface DashboardCountersProps {
  /** Undefined while the first numbers load. */
  counters?: DashboardCountersValues
  isLoading?: boolean
}

interface CounterProps {
  label: string
  value: number | undefined
  icon: ReactNode
  palette: string
}

function Counter({ label, value, icon, palette }: CounterProps) {
  const { formatNumber } = useIntl()
  return (
    <Flex
      gap="4"
      alignItems="center"
      padding="4"
      borderWidth="1px"
      borderRadius="l3"
      bg="bg.panel"
      colorPalette={palette}
    >
      <Flex
        aria-hidden
        boxSize="12"
        flexShrink="0"
        borderRadius="full"
        alignItems="center"
        justifyContent="center"
        bg="colorPalette.muted"
        color="colorPalette.fg"
        fontSize="xl"
      >
        {icon}
      </Flex>
      <Stat.Root>
        <Stat.Label>{label}</Stat.Label>
        {value === undefined ? (
          <Stat.ValueText>
            <Skeleton height="8" width="16" />
          </Stat.ValueText>
        ) : (
          <Stat.ValueText>{formatNumber(value)}</Stat.ValueText>
        )}
      </Stat.Root>
    </Flex>
  )
}

/** The three ticket counters of the dashboard: in service (open), waiting (pending) and closed. */
export function DashboardCounters({ counters, isLoading }: DashboardCountersProps) {
  const t = useT()
  const shown = isLoading && !counters ? undefined : counters
  return (
    <Box role="group" aria-label={t('dashboard.counters')} aria-busy={isLoading || undefined}>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4">
        <Counter label={t('dashboard.inService')} value={shown?.open} icon={<LuHeadset />} palette="brand" />
        <Counter label={t('dashboard.waiting')} value={shown?.pending} icon={<LuHourglass />} palette="orange" />
        <Counter label={t('dashboard.closed')} value={shown?.closed} icon={<LuCircleCheck />} palette="gray" />
      </SimpleGrid>
    </Box>
  )
}
