import { useMemo } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import type { ApiError } from '../client'
import type { ConnectionDetail, WidgetSecretResponse } from '../contract'
import { useApiContext } from './context'

/** SWR key of one connection with its driver settings (`GET /whatsapp/:id`). */
export const connectionDetailKey = (id: number) => ['connection', id] as const

/** SWR key of a web chat connection's signing secret. */
export const widgetSecretKey = (id: number) => ['widgetSecret', id] as const

/**
 * One connection with its public driver settings (a web chat's origins, theme and embed paths), which
 * the list leaves out. `id` null fetches nothing.
 */
export function useConnectionDetail(id: number | null) {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<ConnectionDetail, ApiError>(
    id === null ? null : connectionDetailKey(id),
    () => client.connections.get(id as number),
  )
  return { connection: data, error, isLoading, reload: () => mutate() }
}

/**
 * A web chat connection's signing secret (admins only), read on demand: `id` null fetches nothing,
 * so the secret leaves the server only when someone asks to see it.
 */
export function useWidgetSecret(id: number | null) {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<WidgetSecretResponse, ApiError>(
    id === null ? null : widgetSecretKey(id),
    () => client.connections.widgetSecret(id as number),
    { revalidateOnFocus: false, revalidateOnReconnect: false },
  )
  return { secret: data, error, isLoading, reload: () => mutate() }
}

/** Rotate a web chat connection's secret; the cached secret becomes the new one at once. */
export function useWidgetSecretMutations() {
  const { client } = useApiContext()
  const { mutate } = useSWRConfig()
  return useMemo(
    () => ({
      async rotateWidgetSecret(id: number) {
        const next = await client.connections.rotateWidgetSecret(id)
        await mutate(widgetSecretKey(id), next, { revalidate: false })
        return next
      },
      /** After a save: the connection's settings as the server answered them. */
      setConnectionDetail: (detail: ConnectionDetail) =>
        mutate(connectionDetailKey(detail.id), detail, { revalidate: false }),
    }),
    [client, mutate],
  )
}
