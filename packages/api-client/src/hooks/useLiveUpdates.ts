import { useEffect } from 'react'
import type {
  AppMessageEvent,
  ContactEvent,
  ContactTagsEvent,
  JobEvent,
  QueueEvent,
  QuickAnswerEvent,
  SettingsEvent,
  TagEvent,
  TicketEvent,
  User,
  UserEvent,
} from '../contract'
import { useApiContext } from './context'
import { useCacheUpdaters } from './useCacheUpdaters'
import { useDeskCache } from './useDeskCache'
import { useJobCache } from './useJobCache'
import { useTagCache } from './useTags'

/**
 * The one place socket events reach the cache: `user`, `settings`, `ticket`, `appMessage`,
 * `contact`, `queue`, `quickAnswer` and `job` events are applied to every loaded list and item.
 * Clears the cache when the session ends.
 */
export function useLiveUpdates(signedIn: boolean, sessionUser: User | null) {
  const { socket } = useApiContext()
  const { applyUser, applySetting, clear } = useCacheUpdaters()
  const desk = useDeskCache()
  const jobs = useJobCache()
  const tags = useTagCache()

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
    if (!socket) return
    const onTicket = (event: TicketEvent) => desk.applyTicket(event)
    const onMessage = (event: AppMessageEvent) => desk.applyMessage(event)
    const onContact = (event: ContactEvent) => desk.applyContact(event)
    const onQueue = (event: QueueEvent) => desk.applyQueue(event)
    const onQuickAnswer = (event: QuickAnswerEvent) => desk.applyQuickAnswer(event)
    socket.on('ticket', onTicket)
    socket.on('appMessage', onMessage)
    socket.on('contact', onContact)
    socket.on('queue', onQueue)
    socket.on('quickAnswer', onQuickAnswer)
    return () => {
      socket.off('ticket', onTicket)
      socket.off('appMessage', onMessage)
      socket.off('contact', onContact)
      socket.off('queue', onQueue)
      socket.off('quickAnswer', onQuickAnswer)
    }
  }, [socket, desk])

  useEffect(() => {
    if (!socket) return
    const onJob = (event: JobEvent) => jobs.applyJob(event)
    // Progress missed while the socket was down is fetched again (socket.io fires `connect` again).
    const onReconnect = () => jobs.refetchJobs()
    socket.on('job', onJob)
    socket.on('connect', onReconnect)
    return () => {
      socket.off('job', onJob)
      socket.off('connect', onReconnect)
    }
  }, [socket, jobs])

  useEffect(() => {
    if (!socket) return
    const onTag = (event: TagEvent) => tags.applyTag(event)
    const onContactTags = (event: ContactTagsEvent) => tags.applyContactTags(event)
    socket.on('tag', onTag)
    socket.on('contactTags', onContactTags)
    return () => {
      socket.off('tag', onTag)
      socket.off('contactTags', onContactTags)
    }
  }, [socket, tags])

  useEffect(() => {
    if (!signedIn) clear()
  }, [signedIn, clear])
}
