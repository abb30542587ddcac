import { Button, HStack } from '@chakra-ui/react'
import { LuQrCode, LuRefreshCw, LuUnplug } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import type { ConnectionsTableConnection, ConnectionsTableProps } from '../ConnectionsTable'

type Handlers<T extends ConnectionsTableConnection> = Pick<
  ConnectionsTableProps<T>,
  'onShowQr' | 'onRetry' | 'onNewQr' | 'onDisconnect'
>

/**
 * The session buttons a connection's status allows; a button shows only with its handler (the page
 * passes them to administrators). Opening is a status, not an action: its disabled button always shows.
 */
export function SessionActions<T extends ConnectionsTableConnection>({
  connection,
  ...on
}: Handlers<T> & { connection: T }) {
  const t = useT()
  const common = { size: 'xs', variant: 'outline', colorPalette: 'gray' } as const
  const { onShowQr, onRetry, onNewQr, onDisconnect } = on
  switch (connection.status) {
    case 'qrcode':
      return onShowQr ? (
        <Button size="xs" onClick={() => onShowQr(connection)}>
          <LuQrCode aria-hidden />
          {t('connections.showQr')}
        </Button>
      ) : null
    case 'DISCONNECTED':
      return onRetry || onNewQr ? (
        <HStack gap="2">
          {onRetry && (
            <Button {...common} onClick={() => onRetry(connection)}>
              <LuRefreshCw aria-hidden />
              {t('connections.retry')}
            </Button>
          )}
          {onNewQr && (
            <Button {...common} onClick={() => onNewQr(connection)}>
              <LuQrCode aria-hidden />
              {t('connections.newQr')}
            </Button>
          )}
        </HStack>
      ) : null
    case 'OPENING':
      return (
        <Button {...common} disabled loading loadingText={t('connections.connecting')} spinnerPlacement="start">
          {t('connections.connecting')}
        </Button>
      )
    default:
      return onDisconnect ? (
        <Button {...common} colorPalette="red" onClick={() => onDisconnect(connection)}>
          <LuUnplug aria-hidden />
          {t('connections.disconnect')}
        </Button>
      ) : null
  }
}
