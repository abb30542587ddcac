import { Box, Checkbox, HStack, Stack, Text } from '@chakra-ui/react'
import type { MessageTemplate } from '@desk/api-client/contract'
import { useId } from 'react'
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
  /** The numbers (digits) to keep as typed changed. */
  onKeepChange: (keepAsTyped: string[]) => void
  /** A Cloud API job's template: the estimate names it and its category (which the account is billed by). */
  template?: MessageTemplate | null
}

/**
 * Before the send: how many messages will go out (counted as the job counts them), when the job should
 * end at the chosen pace, and every number the Brazilian rule changes, each with "keep as typed".
 */
export function EstimateLine({ control, now, onKeepChange, template }: EstimateLineProps) {
  const t = useT()
  const { locale } = useIntl()
  const listId = useId()
  const [numbers, isGroup, min, max, startAt, keepAsTyped] = useWatch({
    control,
    name: ['numbers', 'isGroup', 'minInterval', 'maxInterval', 'startAt', 'keepAsTyped'],
  })
  const { count, repeated, rewritten } = countRecipients(numbers, isGroup, keepAsTyped)
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
      {template && (
        <Text>
          {t('outreach.template.estimate', {
            name: template.name,
            category: ['MARKETING', 'UTILITY', 'AUTHENTICATION'].includes(template.category)
              ? t(`templates.category.${template.category as 'MARKETING'}`)
              : template.category,
          })}
        </Text>
      )}
      {repeated > 0 && <Text color="fg.muted">{t('outreach.duplicates', { count: repeated })}</Text>}
      {rewritten.length > 0 && (
        <Stack gap="1" paddingBlock="1">
          <Text id={`${listId}-label`}>{t('outreach.rewritten', { count: rewritten.length })}</Text>
          <Stack as="ul" gap="1" listStyleType="none" margin="0" aria-labelledby={`${listId}-label`}>
            {rewritten.map((r) => (
              <Box as="li" key={r.digits}>
                <HStack gap="2" wrap="wrap">
                  <Checkbox.Root
                    size="sm"
                    checked={keepAsTyped.includes(r.digits)}
                    onCheckedChange={({ checked }) =>
                      onKeepChange(
                        checked === true
                          ? [...keepAsTyped, r.digits]
                          : keepAsTyped.filter((digits) => digits !== r.digits),
                      )
                    }
                  >
                    <Checkbox.HiddenInput />
                    <Checkbox.Control />
                    <Checkbox.Label>{t('outreach.keepAsTyped', { typed: r.typed })}</Checkbox.Label>
                  </Checkbox.Root>
                  <Text color="fg.muted">{t('outreach.rewrittenTo', { number: r.number })}</Text>
                </HStack>
              </Box>
            ))}
          </Stack>
        </Stack>
      )}
      <HStack gap="2" color="fg.muted">
        <LuServer aria-hidden />
        <Text>{t('outreach.canClose')}</Text>
      </HStack>
    </Stack>
  )
}
