import { Button, HStack } from '@chakra-ui/react'
import { LuQrCode, LuRefreshCw, LuUnplug } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import type { ConnectionsTableConnection, ConnectionsTableProps } from '../ConnectionsTable'

type Handlers<T extends ConnectionsTableConnection> = Pick<
  ConnectionsTableProps<T>,
  'onShowQr' | 'onRetry' | 'onNewQr' | 'onDisconnect'
>

/** The session buttons a connection's status allows. */
export function SessionActions<T extends ConnectionsTableConnection>({
  connection,
  ...on
}: Handlers<T> & { connection: T }) {
  const t = useT()
  const common = { size: 'xs', variant: 'outline', colorPalette: 'gray' } as const
  switch (connection.status) {
    case 'qrcode':
      return (
        <Button size="xs" onClick={() => on.onShowQr?.(connection)}>
          <LuQrCode aria-hidden />
          {t('connections.showQr')}
        </Button>
      )
    case 'DISCONNECTED':
      return (
        <HStack gap="2">
          <Button {...common} onClick={() => on.onRetry?.(connection)}>
            <LuRefreshCw aria-hidden />
            {t('connections.retry')}
          </Button>
          <Button {...common} onClick={() => on.onNewQr?.(connection)}>
            <LuQrCode aria-hidden />
            {t('connections.newQr')}
          </Button>
        </HStack>
      )
    case 'OPENING':
      return (
        <Button {...common} disabled loading loadingText={t('connections.connecting')} spinnerPlacement="start">
          {t('connections.connecting')}
        </Button>
      )
    default:
      return (
        <Button {...common} colorPalette="red" onClick={() => on.onDisconnect?.(connection)}>
          <LuUnplug aria-hidden />
          {t('connections.disconnect')}
        </Button>
      )
  }
}
