import useSWR from 'swr'
import type { ApiError } from '../client'
import type { MessageTemplate } from '../contract'
import { useApiContext } from './context'

/** The approved templates of a connection, or of every Cloud API connection (`'all'`); none asked when null. */
export function useTemplates(
  connectionId: number | 'all' | null,
  { approvedOnly = true }: { approvedOnly?: boolean } = {},
) {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<MessageTemplate[], ApiError>(
    connectionId === null ? null : ['templates', connectionId, approvedOnly],
    () =>
      client.templates.list({
        connectionId: connectionId === 'all' || connectionId === null ? undefined : connectionId,
        approvedOnly,
      }),
  )
  return { templates: data ?? [], error, isLoading, reload: () => mutate() }
}
