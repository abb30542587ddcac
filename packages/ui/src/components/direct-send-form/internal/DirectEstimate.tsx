import { Badge, HStack, List, Stack, Text } from '@chakra-ui/react'
import { useT } from '../../../internal/useT'

/** One line of the list as the desk can reach it now (the contract's `DirectRecipientCheck`). */
export interface DirectRecipientCheck {
  entry: string
  state: 'reachable' | 'unknownUser' | 'windowClosed' | 'duplicate'
  name?: string | null
}

/** What `POST /instagram/direct/estimate` answered for the lines typed. */
export interface DirectEstimateData {
  total: number
  reachable: number
  recipients: DirectRecipientCheck[]
}

const COLORS = { reachable: 'green', unknownUser: 'gray', windowClosed: 'orange', duplicate: 'gray' } as const

/** Before sending: "N of M can be messaged now", and why each other line cannot. */
export function DirectEstimate({ estimate }: { estimate: DirectEstimateData }) {
  const t = useT()
  const blocked = estimate.recipients.filter((r) => r.state !== 'reachable')
  return (
    <Stack gap="2" textStyle="sm" role="status" aria-live="polite">
      <Text fontWeight="medium">
        {t('directSend.reachable', { reachable: estimate.reachable, total: estimate.total })}
      </Text>
      {blocked.length > 0 && (
        <List.Root variant="plain" gap="1">
          {blocked.map((r) => (
            <List.Item key={r.entry}>
              <HStack gap="2">
                <Text fontFamily="mono">{r.entry}</Text>
                <Badge colorPalette={COLORS[r.state]} variant="subtle">
                  {t(`directSend.state.${r.state}`)}
                </Badge>
              </HStack>
            </List.Item>
          ))}
        </List.Root>
      )}
    </Stack>
  )
}
