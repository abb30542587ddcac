import { useEffect } from 'react'
import useSWR from 'swr'
import type { ApiError } from '../client'
import type { DashboardResponse } from '../contract'
import { keys } from './cache'
import { useApiContext } from './context'
import { useRoom } from './useRoom'

/** Counters change with ticket events; a burst of them asks once. */
const REFRESH_DELAY_MS = 1000

/**
 * The dashboard's counters and tickets of the day per hour. Reloads (once per burst) when a
 * `ticket` event arrives, and after a reconnect.
 */
export function useDashboard({ date, utcOffset }: { date?: string; utcOffset?: number } = {}) {
  const { client, socket } = useApiContext()
  const offset = utcOffset ?? -new Date().getTimezoneOffset()
  const { data, error, isLoading, mutate } = useSWR<DashboardResponse, ApiError>(keys.dashboard(date, offset), () =>
    client.dashboard.get({ date, utcOffset: offset }),
  )

  useEffect(() => {
    if (!socket) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const later = () => {
      clearTimeout(timer)
      timer = setTimeout(() => void mutate(), REFRESH_DELAY_MS)
    }
    socket.on('ticket', later)
    return () => {
      clearTimeout(timer)
      socket.off('ticket', later)
    }
  }, [socket, mutate])
  useRoom(socket, null, 'dashboard', () => void mutate())

  return { dashboard: data, error, isLoading, reload: () => mutate() }
}
