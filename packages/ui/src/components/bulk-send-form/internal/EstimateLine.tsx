import { HStack, Stack, Text } from '@chakra-ui/react'
import { type Control, useWatch } from 'react-hook-form'
import { LuClock, LuServer } from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { useT } from '../../../internal/useT'
import { type DateInput, formatDate, formatTime, isToday } from '../../../lib/datetime'
import type { BulkSendFormValues } from './bulkSendSchema'
import { countRecipients, estimateEnd } from './estimate'

interface EstimateLineProps {
  control: Control<BulkSendFormValues, unknown, unknown>
  now: DateInput
}

/** Before the send: how many recipients the box holds and when the job should end at the chosen pace. */
export function EstimateLine({ control, now }: EstimateLineProps) {
  const t = useT()
  const { locale } = useIntl()
  const [numbers, isGroup, min, max, startAt] = useWatch({
    control,
    name: ['numbers', 'isGroup', 'minInterval', 'maxInterval', 'startAt'],
  })
  const { count, repeated } = countRecipients(numbers, isGroup)
  const scheduled = startAt ? new Date(startAt) : null
  const end = estimateEnd(count, min, max, scheduled && Number.isFinite(scheduled.getTime()) ? scheduled : now)
  const text =
    count === 0
      ? t('outreach.estimateNone')
      : end === null
        ? t('outreach.recipients', { count })
        : t(isToday(end, now) ? 'outreach.estimate' : 'outreach.estimateOtherDay', {
            count,
            time: formatTime(end, locale),
            date: formatDate(end, locale),
          })
  return (
    <Stack gap="1" textStyle="sm">
      <HStack gap="2" role="status" aria-live="polite">
        <LuClock aria-hidden />
        <Text fontWeight="medium">{text}</Text>
      </HStack>
      {repeated > 0 && <Text color="fg.muted">{t('outreach.duplicates', { count: repeated })}</Text>}
      <HStack gap="2" color="fg.muted">
        <LuServer aria-hidden />
        <Text>{t('outreach.canClose')}</Text>
      </HStack>
    </Stack>
  )
}
