import { Box, Button, Flex, HStack, IconButton, Skeleton, Table } from '@chakra-ui/react'
import { LuPencil, LuPlus, LuStar, LuTrash2, LuWifiOff } from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { useT } from '../../internal/useT'
import { formatDateTime } from '../../lib/datetime'
import { EmptyState } from '../empty-state/EmptyState'
import type { UiError } from '../error-message/useErrorText'
import { ListState } from '../list-state/ListState'
import { SessionActions } from './internal/SessionActions'
import { StatusBadge } from './internal/StatusBadge'

export type ConnectionStatus = 'OPENING' | 'qrcode' | 'PAIRING' | 'CONNECTED' | 'DISCONNECTED' | 'TIMEOUT'

export interface ConnectionsTableConnection {
  id: number
  name: string
  status: ConnectionStatus
  isDefault: boolean
  updatedAt: string
}

export interface ConnectionsTableProps<T extends ConnectionsTableConnection = ConnectionsTableConnection> {
  connections: T[]
  isLoading?: boolean
  /** The last load failed: in place of the table, or under the rows already loaded. */
  error?: UiError | null
  /** Loads the list again after a failure (its Retry button). */
  onReload?: () => void
  /** Administrators add, edit and delete; without these the buttons are not shown. */
  onAdd?: () => void
  onEdit?: (connection: T) => void
  onDelete?: (connection: T) => void
  // Session actions (administrators): each button shows only when its handler is given.
  /** qrcode: show the code. */
  onShowQr?: (connection: T) => void
  /** DISCONNECTED: try again, or ask for a new code. */
  onRetry?: (connection: T) => void
  onNewQr?: (connection: T) => void
  /** CONNECTED, PAIRING, TIMEOUT: disconnect (ask for confirmation first). */
  onDisconnect?: (connection: T) => void
}

/** The connections: status, the session buttons the status allows, last update, default, edit and delete. */
export function ConnectionsTable<T extends ConnectionsTableConnection>(props: ConnectionsTableProps<T>) {
  const { connections, isLoading, onAdd, onEdit, onDelete } = props
  const t = useT()
  const { locale } = useIntl()
  return (
    <Flex direction="column" gap="3">
      {onAdd && (
        <Button alignSelf="flex-end" onClick={onAdd}>
          <LuPlus aria-hidden />
          {t('connections.add')}
        </Button>
      )}
      <Box borderWidth="1px" borderRadius="l2" overflowX="auto" aria-busy={isLoading || undefined}>
        <ListState
          count={connections.length}
          isLoading={isLoading}
          error={props.error}
          onRetry={props.onReload}
          skeletonRows
          empty={<EmptyState title={t('connections.empty')} icon={<LuWifiOff />} />}
        >
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row bg="bg.subtle">
                <Table.ColumnHeader>{t('connections.column.id')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('connections.column.name')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('connections.column.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('connections.column.session')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('connections.column.updatedAt')}</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="center">{t('connections.column.default')}</Table.ColumnHeader>
                {(onEdit || onDelete) && (
                  <Table.ColumnHeader textAlign="end">{t('connections.column.actions')}</Table.ColumnHeader>
                )}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {connections.map((connection) => (
                <Table.Row key={connection.id}>
                  <Table.Cell color="fg.muted">{connection.id}</Table.Cell>
                  <Table.Cell fontWeight="medium">{connection.name}</Table.Cell>
                  <Table.Cell>
                    <StatusBadge status={connection.status} />
                  </Table.Cell>
                  <Table.Cell>
                    <SessionActions
                      connection={connection}
                      onShowQr={props.onShowQr}
                      onRetry={props.onRetry}
                      onNewQr={props.onNewQr}
                      onDisconnect={props.onDisconnect}
                    />
                  </Table.Cell>
                  <Table.Cell color="fg.muted" whiteSpace="nowrap">
                    {formatDateTime(connection.updatedAt, locale)}
                  </Table.Cell>
                  <Table.Cell textAlign="center">
                    {connection.isDefault && (
                      <Box as="span" display="inline-flex" color="colorPalette.fg">
                        <LuStar role="img" aria-label={t('connections.isDefault')} fill="currentColor" />
                      </Box>
                    )}
                  </Table.Cell>
                  {(onEdit || onDelete) && (
                    <Table.Cell textAlign="end">
                      <HStack gap="1" justifyContent="flex-end">
                        {onEdit && (
                          <IconButton
                            size="sm"
                            variant="ghost"
                            colorPalette="gray"
                            aria-label={t('connections.edit', { name: connection.name })}
                            onClick={() => onEdit(connection)}
                          >
                            <LuPencil />
                          </IconButton>
                        )}
                        {onDelete && (
                          <IconButton
                            size="sm"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={t('connections.delete', { name: connection.name })}
                            onClick={() => onDelete(connection)}
                          >
                            <LuTrash2 />
                          </IconButton>
                        )}
                      </HStack>
                    </Table.Cell>
                  )}
                </Table.Row>
              ))}
              {isLoading &&
                [0, 1].map((i) => (
                  <Table.Row key={`s${i}`} aria-hidden>
                    {[10, 40, 30, 40, 40, 10, 20].map((width, j) => (
                      <Table.Cell key={j}>
                        <Skeleton height="4" width={`${width}%`} minWidth="6" />
                      </Table.Cell>
                    ))}
                  </Table.Row>
                ))}
            </Table.Body>
          </Table.Root>
        </ListState>
      </Box>
    </Flex>
  )
}
