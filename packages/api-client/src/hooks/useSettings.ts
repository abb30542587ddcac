import { useCallback } from 'react'
import useSWR from 'swr'
import type { ApiError } from '../client'
import type { Setting } from '../contract'
import { keys } from './cache'
import { useApiContext } from './context'
import { useCacheUpdaters } from './useCacheUpdaters'

export interface UseSettingsResult {
  settings: Setting[] | undefined
  /** The value of one key, if loaded. */
  valueOf(key: string): string | undefined
  isLoading: boolean
  error: ApiError | undefined
  /** `PUT /settings/:key`; the cache is updated with the answer. */
  update(key: string, value: string): Promise<Setting>
}

export function useSettings(): UseSettingsResult {
  const { client } = useApiContext()
  const { applySetting } = useCacheUpdaters()
  const { data, error, isLoading } = useSWR<Setting[], ApiError>(keys.settings, () => client.settings.list())
  const update = useCallback(
    async (key: string, value: string) => {
      const setting = await client.settings.update(key, value)
      applySetting({ action: 'update', setting })
      return setting
    },
    [client, applySetting],
  )
  return {
    settings: data,
    valueOf: (key) => data?.find((s) => s.key === key)?.value,
    isLoading,
    error,
    update,
  }
}
