import { HStack, Text } from '@chakra-ui/react'
import type { OutreachJob } from '../../../internal/outreach/job'
import { useT } from '../../../internal/useT'

/** Sent, failed, skipped and uncertain, side by side (an import's conversations: with new messages, already imported). */
export function JobCounts({ job }: { job: OutreachJob }) {
  const t = useT()
  const isImport = job.kind === 'syncMessage'
  const counts = [
    { key: 'sent', label: t(isImport ? 'jobs.import.sent' : 'jobs.column.sent'), value: job.sent },
    { key: 'failed', label: t('jobs.column.failed'), value: job.failed },
    { key: 'skipped', label: t(isImport ? 'jobs.import.skipped' : 'jobs.column.skipped'), value: job.skipped ?? 0 },
    { key: 'uncertain', label: t('jobs.column.uncertain'), value: job.uncertain ?? 0 },
  ]
  return (
    <HStack as="dl" gap="4" wrap="wrap" textStyle="sm" color="fg.muted">
      {counts.map((count) => (
        <HStack key={count.key} gap="1">
          <Text as="dt">{count.label}</Text>
          <Text as="dd" fontWeight="medium" color="fg" fontVariantNumeric="tabular-nums">
            {count.value}
          </Text>
        </HStack>
      ))}
    </HStack>
  )
}
