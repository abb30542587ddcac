import { Badge } from '@chakra-ui/react'
import { LuCircleAlert, LuCircleCheck, LuLoader, LuQrCode, LuWifiOff } from 'react-icons/lu'
import { useT } from '../../../internal/useT'
import type { ConnectionStatus } from '../ConnectionsTable'

const LOOK: Record<ConnectionStatus, { palette: string; Icon: typeof LuCircleCheck }> = {
  CONNECTED: { palette: 'green', Icon: LuCircleCheck },
  qrcode: { palette: 'orange', Icon: LuQrCode },
  PAIRING: { palette: 'orange', Icon: LuLoader },
  OPENING: { palette: 'gray', Icon: LuLoader },
  TIMEOUT: { palette: 'red', Icon: LuCircleAlert },
  DISCONNECTED: { palette: 'red', Icon: LuWifiOff },
}

export function StatusBadge({ status }: { status: ConnectionStatus }) {
  const t = useT()
  const { palette, Icon } = LOOK[status]
  return (
    <Badge colorPalette={palette} variant="subtle">
      <Icon aria-hidden />
      {t(`connections.status.${status}`)}
    </Badge>
  )
}
