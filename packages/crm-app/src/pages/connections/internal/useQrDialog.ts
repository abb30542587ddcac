import type { Connection } from '@desk/api-client'
import { useEffect, useRef, useState } from 'react'

/**
 * The connection whose QR dialog is open. The dialog closes by itself once the code it showed clears
 * (the phone scanned it) or the connection is connected, and when the connection is deleted.
 */
export function useQrDialog(connections: Connection[] | undefined) {
  const [id, setId] = useState<number | null>(null)
  const shown = useRef(false)
  const connection = id === null ? undefined : connections?.find((c) => c.id === id)
  const qrcode = connection?.qrcode || null

  useEffect(() => {
    if (id === null || !connections) return
    if (!connection || connection.status === 'CONNECTED' || (shown.current && !qrcode)) setId(null)
    else if (qrcode) shown.current = true
  }, [id, connections, connection, qrcode])

  return {
    connection,
    qrcode,
    open: (target: number) => {
      shown.current = false
      setId(target)
    },
    close: () => setId(null),
  }
}
