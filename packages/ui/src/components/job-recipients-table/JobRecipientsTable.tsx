import { Alert, Box, Button, Flex, Stack, Text } from '@chakra-ui/react'
import { LuDownload, LuUsers } from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { isMessageId } from '../../i18n'
import type { RecipientState } from '../../internal/outreach/job'
import { RecipientStateBadge } from '../../internal/outreach/StatusBadges'
import { useT } from '../../internal/useT'
import { formatDateTime } from '../../lib/datetime'
import { formatPhoneNumber } from '../../lib/phone'
import { AdminTable, type AdminTablePagedProps } from '../admin-table/AdminTable'
import { hasProviderOutcome, ProviderOutcome } from './internal/ProviderOutcome'
import { type RecipientFilter, StateFilter } from './internal/StateFilter'

export type { RecipientFilter, RecipientState }

/** One recipient of a job and what became of it. */
export interface JobRecipient {
  id: number | string
  /** The number or group as sent (`5511912345678@c.us`, or the list entry); a number shows as `+55 11 91234-5678`. */
  address: string
  state: RecipientState
  /** Why it failed or was skipped: a code with a message (`SKIP_REASONS`, `interrupted`) or the server's text. */
  reason?: string | null
  /** The id the network gave the message. */
  providerId?: string | null
  /** When it last changed state (ISO). */
  updatedAt?: string | null
  /** An SMS: its delivery as the provider last reported it. */
  delivery?: 'queued' | 'sent' | 'delivered' | 'undelivered' | 'failed' | null
  /** A voice call: how it ended. */
  callOutcome?: 'completed' | 'busy' | 'no-answer' | 'failed' | 'canceled' | null
  /** A voice call: seconds it lasted once answered. */
  callDuration?: number | null
  /** The provider's error code for a refused or undelivered send. */
  providerError?: string | null
}

export interface JobRecipientsTableProps extends AdminTablePagedProps {
  recipients: JobRecipient[]
  /** The state shown; `all` for every recipient. */
  state: RecipientFilter
  onStateChange: (state: RecipientFilter) => void
  /** How many recipients each state holds, shown in the filter. */
  counts?: Partial<Record<RecipientFilter, number>>
  /** The "Export CSV" button; without it there is none. */
  onExport?: () => void
  isExporting?: boolean
}

/** A job's recipients with their state, reason, the network's id and the time, filtered by state and paged. */
export function JobRecipientsTable(props: JobRecipientsTableProps) {
  const t = useT()
  const { locale } = useIntl()
  const reason = (code: string | null | undefined) => {
    if (!code) return ''
    const id = `jobs.reason.${code}`
    return isMessageId(id) ? t(id) : code
  }
  const showUncertain = props.state === 'uncertain' || props.recipients.some((r) => r.state === 'uncertain')
  const toolbar = (
    <Flex gap="3" alignItems="flex-end" justifyContent="space-between" wrap="wrap" width="full">
      <Box>
        <StateFilter value={props.state} onChange={props.onStateChange} counts={props.counts} />
      </Box>
      {props.onExport && (
        <Button
          variant="outline"
          colorPalette="gray"
          onClick={props.onExport}
          loading={props.isExporting}
          loadingText={t('jobs.recipients.export')}
        >
          <LuDownload aria-hidden />
          {t('jobs.recipients.export')}
        </Button>
      )}
    </Flex>
  )
  return (
    <Flex direction="column" gap="3">
      {showUncertain && (
        <Alert.Root status="info" variant="subtle">
          <Alert.Indicator />
          <Alert.Description>{t('jobs.uncertainHelp')}</Alert.Description>
        </Alert.Root>
      )}
      <AdminTable
        rows={props.recipients}
        isLoading={props.isLoading}
        error={props.error}
        onReload={props.onReload}
        toolbar={toolbar}
        scroll={{
          label: props.label ?? t('jobs.recipients.label'),
          maxHeight: props.maxHeight,
          hasMore: props.hasMore,
          onLoadMore: props.onLoadMore,
        }}
        empty={{ title: t('jobs.recipients.empty'), icon: <LuUsers /> }}
        columns={[
          {
            key: 'address',
            header: t('jobs.recipients.column.address'),
            cellProps: { fontWeight: 'medium', fontVariantNumeric: 'tabular-nums' },
            cell: (r) => formatPhoneNumber(r.address),
            skeleton: 50,
          },
          {
            key: 'state',
            header: t('jobs.recipients.column.state'),
            cell: (r) =>
              hasProviderOutcome(r) ? (
                <Stack gap="1" alignItems="flex-start">
                  <RecipientStateBadge state={r.state} />
                  <ProviderOutcome recipient={r} />
                </Stack>
              ) : (
                <RecipientStateBadge state={r.state} />
              ),
            skeleton: 30,
          },
          {
            key: 'reason',
            header: t('jobs.recipients.column.reason'),
            cellProps: { color: 'fg.muted' },
            cell: (r) => reason(r.reason),
            skeleton: 50,
          },
          {
            key: 'providerId',
            header: t('jobs.recipients.column.providerId'),
            cell: (r) => (
              <Text as="span" fontFamily="mono" textStyle="xs" color="fg.muted" wordBreak="break-all">
                {r.providerId ?? ''}
              </Text>
            ),
            skeleton: 40,
          },
          {
            key: 'time',
            header: t('jobs.recipients.column.time'),
            cellProps: { color: 'fg.muted', whiteSpace: 'nowrap' },
            cell: (r) => (r.updatedAt ? formatDateTime(r.updatedAt, locale) : ''),
            skeleton: 30,
          },
        ]}
      />
    </Flex>
  )
}
