import { Text } from '@chakra-ui/react'
import { useT } from '../../../internal/useT'
import type { JobRecipient } from '../JobRecipientsTable'

/** Whether the provider reported anything on this recipient (SMS and voice calls only). */
export const hasProviderOutcome = (r: JobRecipient): boolean => Boolean(r.delivery || r.callOutcome || r.providerError)

/**
 * Under a recipient's state, what the telephony provider reported: an SMS's delivery (with the provider's
 * error code when it was refused) or a call's outcome and length. Nothing for other channels.
 */
export function ProviderOutcome({ recipient: r }: { recipient: JobRecipient }) {
  const t = useT()
  const parts: string[] = []
  if (r.delivery) parts.push(t(`jobs.delivery.${r.delivery}`))
  if (r.callOutcome) parts.push(t(`jobs.call.${r.callOutcome}`))
  if (r.callOutcome === 'completed' && r.callDuration != null) {
    parts.push(t('jobs.callDuration', { seconds: r.callDuration }))
  }
  if (r.providerError) parts.push(t('jobs.providerError', { code: r.providerError }))
  if (parts.length === 0) return null
  const bad =
    r.delivery === 'undelivered' || r.delivery === 'failed' || (r.callOutcome && r.callOutcome !== 'completed')
  return (
    <Text textStyle="xs" color={bad ? 'fg.error' : 'fg.muted'}>
      {parts.join(' · ')}
    </Text>
  )
}
