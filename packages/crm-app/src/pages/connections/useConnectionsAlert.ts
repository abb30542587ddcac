import { connectionsNeedAttention, useConnections } from '@desk/api-client/hooks'
import { useEffect, useState } from 'react'

/** How long after the connections load the menu waits before asking for attention. */
const ALERT_DELAY_MS = 2000

/**
 * The '!' on the Connections menu item: two seconds after the connections load, whether any of them
 * waits for a scan, is pairing, opening, timed out or disconnected. It then follows live updates.
 */
export function useConnectionsAlert() {
  const { connections } = useConnections()
  const loaded = connections !== undefined
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (!loaded) return
    const timer = setTimeout(() => setReady(true), ALERT_DELAY_MS)
    return () => clearTimeout(timer)
  }, [loaded])
  return ready && connectionsNeedAttention(connections)
}
