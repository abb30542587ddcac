import { useMemo } from 'react'
import { useSWRConfig } from 'swr'
import type { Setting, SettingsEvent, User, UserEvent, UserListResponse } from '../contract'
import { applySettingToList, applyUserEventToPages, keys } from './cache'
import { useApiContext } from './context'

/**
 * Applies entity events to the SWR cache. Live socket events and the results of
 * one's own mutations go through the same functions, so both stay in step.
 */
export function useCacheUpdaters() {
  const { mutate } = useSWRConfig()
  const { lists, setSessionUser } = useApiContext()

  return useMemo(() => {
    const applyUser = (event: UserEvent, sessionUser?: User | null) => {
      for (const [key, { searchParam }] of lists.ofKind('users')) {
        void mutate(key, (pages?: UserListResponse[]) => applyUserEventToPages(pages, event, searchParam), {
          revalidate: false,
        })
      }
      if (event.action === 'delete') {
        void mutate(keys.user(event.userId), undefined, { revalidate: false })
        if (sessionUser?.id === event.userId) setSessionUser(null)
      } else {
        void mutate(keys.user(event.user.id), event.user, { revalidate: false })
        if (sessionUser?.id === event.user.id) setSessionUser(event.user)
      }
    }
    const applySetting = (event: SettingsEvent | { action: 'update'; setting: Setting }) => {
      void mutate(keys.settings, (list?: Setting[]) => applySettingToList(list, event.setting), { revalidate: false })
    }
    /** Forgets everything cached (on sign-out). */
    const clear = () => {
      void mutate(() => true, undefined, { revalidate: false })
      for (const [key] of lists.ofKind('users')) void mutate(key, undefined, { revalidate: false })
    }
    return { applyUser, applySetting, clear }
  }, [mutate, lists, setSessionUser])
}
