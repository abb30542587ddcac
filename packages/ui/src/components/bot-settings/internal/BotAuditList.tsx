import { Button, Stack, Table, Text } from '@chakra-ui/react'
import type { MessageId } from '../../../i18n'
import { useT } from '../../../internal/useT'
import { formatDateTime } from '../../../lib/datetime'
import { botKindLabel } from '../../bot-switches'
import { EmptyState } from '../../empty-state'
import type { UiError } from '../../error-message/useErrorText'
import { ListState } from '../../list-state'
import type { BotAuditItem } from '../BotSettings'

interface BotAuditListProps {
  entries: BotAuditItem[]
  isLoading?: boolean
  error?: UiError | null
  onRetry?: () => void
  hasMore?: boolean
  onMore?: () => void
}

/** Who switched which bot, for which number, and when (newest first). */
export function BotAuditList({ entries, isLoading, error, onRetry, hasMore, onMore }: BotAuditListProps) {
  const t = useT()
  return (
    <Stack gap="2">
      <Text fontWeight="semibold">{t('bots.audit.title')}</Text>
      <ListState
        count={entries.length}
        isLoading={isLoading}
        error={error}
        onRetry={onRetry}
        empty={<EmptyState title={t('bots.audit.empty')} />}
      >
        <Table.Root size="sm" aria-label={t('bots.audit.title')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('bots.audit.when')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bots.audit.bot')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bots.audit.action')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bots.audit.number')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('bots.audit.who')}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {entries.map((entry) => (
              <Table.Row key={entry.id}>
                <Table.Cell>{formatDateTime(entry.createdAt)}</Table.Cell>
                <Table.Cell>{t(botKindLabel(entry.kind))}</Table.Cell>
                <Table.Cell>{t(`bots.audit.actions.${entry.action}` as MessageId)}</Table.Cell>
                <Table.Cell>{entry.number ?? '—'}</Table.Cell>
                <Table.Cell>{entry.userName ?? t('bots.audit.system')}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {hasMore && (
          <Button size="sm" variant="ghost" onClick={onMore} loading={isLoading}>
            {t('bots.audit.more')}
          </Button>
        )}
      </ListState>
    </Stack>
  )
}
