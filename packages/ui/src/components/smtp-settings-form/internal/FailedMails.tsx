import { Button, Heading, Stack, Table, VisuallyHidden } from '@chakra-ui/react'
import type { MailOutboxItem } from '@desk/api-client/contract'
import { useT } from '../../../internal/useT'
import { EmptyState } from '../../empty-state'
import type { UiError } from '../../error-message'
import { ListState } from '../../list-state'

/** A mail the SMTP server never took, as the outbox lists it. */
export type FailedMail = Pick<MailOutboxItem, 'id' | 'recipient' | 'subject' | 'attempts' | 'lastError'>

interface FailedMailsProps {
  mails: FailedMail[] | undefined
  isLoading?: boolean
  error?: UiError | null
  onReload: () => void
  onRetry: (id: number) => void
}

/** The mails the SMTP server never took, with their last error and "Send again". */
export function FailedMails({ mails, isLoading, error, onReload, onRetry }: FailedMailsProps) {
  const t = useT()
  return (
    <Stack gap="2">
      <Heading as="h2" textStyle="md">
        {t('mail.failed')}
      </Heading>
      <ListState
        count={mails?.length ?? 0}
        isLoading={isLoading}
        error={error}
        onRetry={onReload}
        empty={<EmptyState title={t('mail.failedEmpty')} />}
      >
        <Table.Root size="sm" aria-label={t('mail.failed')}>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t('mail.column.recipient')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('mail.column.subject')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('mail.column.attempts')}</Table.ColumnHeader>
              <Table.ColumnHeader>{t('mail.column.error')}</Table.ColumnHeader>
              <Table.ColumnHeader>
                <VisuallyHidden>{t('mail.retry')}</VisuallyHidden>
              </Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {mails?.map((mail) => (
              <Table.Row key={mail.id}>
                <Table.Cell>{mail.recipient}</Table.Cell>
                <Table.Cell>{mail.subject}</Table.Cell>
                <Table.Cell>{mail.attempts}</Table.Cell>
                <Table.Cell color="fg.error">{mail.lastError}</Table.Cell>
                <Table.Cell textAlign="end">
                  <Button size="xs" variant="outline" onClick={() => onRetry(mail.id)}>
                    {t('mail.retry')}
                  </Button>
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </ListState>
    </Stack>
  )
}
