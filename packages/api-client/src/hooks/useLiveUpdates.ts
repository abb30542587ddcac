import { useEffect } from 'react'
import type { SettingsEvent, User, UserEvent } from '../contract'
import { useApiContext } from './context'
import { useCacheUpdaters } from './useCacheUpdaters'

/**
 * The one place socket events reach the cache: `user` and `settings` events
 * (create/update/delete) are applied to every loaded list and item. Clears the
 * cache when the session ends.
 */
export function useLiveUpdates(signedIn: boolean, sessionUser: User | null) {
  const { socket } = useApiContext()
  const { applyUser, applySetting, clear } = useCacheUpdaters()

  useEffect(() => {
    if (!socket) return
    const onUser = (event: UserEvent) => applyUser(event, sessionUser)
    const onSettings = (event: SettingsEvent) => applySetting(event)
    socket.on('user', onUser)
    socket.on('settings', onSettings)
    return () => {
      socket.off('user', onUser)
      socket.off('settings', onSettings)
    }
  }, [socket, applyUser, applySetting, sessionUser])

  useEffect(() => {
    if (!signedIn) clear()
  }, [signedIn, clear])
}
