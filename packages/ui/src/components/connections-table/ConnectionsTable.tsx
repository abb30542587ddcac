import { Box } from '@chakra-ui/react'
import { LuCode, LuStar, LuWifiOff } from 'react-icons/lu'
import { useIntl } from 'react-intl'
import { useT } from '../../internal/useT'
import { formatDateTime } from '../../lib/datetime'
import { AdminTable, type AdminTableLoadProps } from '../admin-table/AdminTable'
import { deleteRowAction, editRowAction } from '../admin-table/rowActions'
import { SessionActions } from './internal/SessionActions'
import { StatusBadge } from './internal/StatusBadge'

const CONNECTION_TYPES = ['simulator', 'cloud-api', 'web-session', 'webchat', 'telephony'] as const
const isConnectionType = (driver: string | undefined): driver is (typeof CONNECTION_TYPES)[number] =>
  CONNECTION_TYPES.some((type) => type === driver)

export type ConnectionStatus = 'OPENING' | 'qrcode' | 'PAIRING' | 'CONNECTED' | 'DISCONNECTED' | 'TIMEOUT'

export interface ConnectionsTableConnection {
  id: number
  name: string
  status: ConnectionStatus
  isDefault: boolean
  updatedAt: string
  /**
   * The type (`simulator`, `cloud-api`, `web-session`, `webchat`, `telephony`), shown translated in the Type column.
   * A web chat has no session to drive: it offers Embed instead.
   */
  driver?: string
}

export interface ConnectionsTableProps<T extends ConnectionsTableConnection = ConnectionsTableConnection>
  extends AdminTableLoadProps {
  connections: T[]
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
  /** Web chat connections: show how to embed the widget (script tag, iframe address, signing secret). */
  onEmbed?: (connection: T) => void
}

/**
 * The connections: type, status, the session buttons the status allows, last update, default, edit and delete;
 * a web chat has no session buttons and offers Embed.
 */
export function ConnectionsTable<T extends ConnectionsTableConnection>(props: ConnectionsTableProps<T>) {
  const t = useT()
  const { locale } = useIntl()
  return (
    <AdminTable
      rows={props.connections}
      isLoading={props.isLoading}
      error={props.error}
      onReload={props.onReload}
      onAdd={props.onAdd}
      addLabel={t('connections.add')}
      empty={{ title: t('connections.empty'), icon: <LuWifiOff /> }}
      skeletonRows={2}
      columns={[
        {
          key: 'id',
          header: t('connections.column.id'),
          cellProps: { color: 'fg.muted' },
          cell: (connection) => connection.id,
          skeleton: 10,
        },
        {
          key: 'name',
          header: t('connections.column.name'),
          cellProps: { fontWeight: 'medium' },
          cell: (connection) => connection.name,
          skeleton: 40,
        },
        {
          key: 'type',
          header: t('connections.column.type'),
          cellProps: { whiteSpace: 'nowrap' },
          cell: (connection) =>
            isConnectionType(connection.driver) ? t(`connections.type.${connection.driver}`) : connection.driver,
          skeleton: 30,
        },
        {
          key: 'status',
          header: t('connections.column.status'),
          cell: (connection) => <StatusBadge status={connection.status} />,
          skeleton: 30,
        },
        {
          key: 'session',
          header: t('connections.column.session'),
          skeleton: 40,
          cell: (connection) =>
            connection.driver !== 'webchat' && (
              <SessionActions
                connection={connection}
                onShowQr={props.onShowQr}
                onRetry={props.onRetry}
                onNewQr={props.onNewQr}
                onDisconnect={props.onDisconnect}
              />
            ),
        },
        {
          key: 'updatedAt',
          header: t('connections.column.updatedAt'),
          cellProps: { color: 'fg.muted', whiteSpace: 'nowrap' },
          cell: (connection) => formatDateTime(connection.updatedAt, locale),
          skeleton: 40,
        },
        {
          key: 'default',
          header: t('connections.column.default'),
          headerProps: { textAlign: 'center' },
          cellProps: { textAlign: 'center' },
          skeleton: 10,
          cell: (connection) =>
            connection.isDefault && (
              <Box as="span" display="inline-flex" color="colorPalette.fg">
                <LuStar role="img" aria-label={t('connections.isDefault')} fill="currentColor" />
              </Box>
            ),
        },
      ]}
      actionsColumn={{ header: t('connections.column.actions'), skeleton: 20 }}
      rowActions={[
        {
          key: 'embed',
          label: (connection: T) => t('connections.embed', { name: connection.name }),
          icon: <LuCode />,
          onClick: props.onEmbed,
          hidden: (connection: T) => connection.driver !== 'webchat',
        },
        editRowAction((connection: T) => t('connections.edit', { name: connection.name }), props.onEdit),
        deleteRowAction((connection: T) => t('connections.delete', { name: connection.name }), props.onDelete),
      ]}
    />
  )
}
