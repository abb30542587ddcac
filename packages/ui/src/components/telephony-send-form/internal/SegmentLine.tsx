import { HStack, Stack, Text } from '@chakra-ui/react'
import { smsSegments } from '@desk/api-client/contract'
import { LuMessageSquareText } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

interface SegmentLineProps {
  text: string
  /** The numbers of the job (each gets the whole message). */
  recipients: number
}

/**
 * Under the SMS message: its encoding, segments and the characters left in the last one, then the
 * segments of the whole job. A character outside GSM-7 (an emoji, `ç`) switches it to UCS-2 and says so.
 */
export function SegmentLine({ text, recipients }: SegmentLineProps) {
  const t = useT()
  const estimate = smsSegments(text)
  const total = estimate.segments * recipients
  return (
    <Stack gap="1" textStyle="sm" role="status" aria-live="polite">
      <HStack gap="2" wrap="wrap">
        <LuMessageSquareText aria-hidden />
        <Text fontWeight="medium">
          {t('telephonySend.segments', {
            encoding: estimate.encoding,
            segments: estimate.segments,
            characters: estimate.characters,
            remaining: estimate.remaining,
          })}
        </Text>
      </HStack>
      {estimate.encoding === 'UCS-2' && <Text color="fg.muted">{t('telephonySend.ucs2Help')}</Text>}
      <Text color="fg.muted">
        {recipients === 0
          ? t('outreach.estimateNone')
          : t('telephonySend.jobSegments', { count: recipients, segments: total })}
      </Text>
    </Stack>
  )
}
