import { useMemo } from 'react'
import useSWR, { useSWRConfig } from 'swr'
import type { ApiError } from '../client'
import type { GroupActionRequest, GroupCreateBody, GroupListResponse } from '../contract'
import { keys } from './cache'
import { useApiContext } from './context'
import { useJobCache } from './useJobCache'

/** The groups a connection's number is in (`null` waits for a connection), read from its network. */
export function useGroups(whatsappId: number | null | undefined) {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<GroupListResponse, ApiError>(
    whatsappId ? keys.groups(whatsappId) : null,
    () => client.groups.list(whatsappId as number),
    // A connection's groups are read from its phone: once a visit, and again when asked.
    { revalidateOnFocus: false },
  )
  return { groups: data?.groups, error, isLoading, reload: () => mutate() }
}

/** Group actions as jobs, their preview, a new group and an invite link; the caches follow each answer. */
export function useGroupMutations() {
  const { client } = useApiContext()
  const { applyJob } = useJobCache()
  const { mutate } = useSWRConfig()
  return useMemo(
    () => ({
      /** Starts the action over the named groups: the job, at once in the jobs lists. */
      async run(body: GroupActionRequest) {
        const job = await client.groups.action(body)
        applyJob({ action: 'create', job })
        return job
      },
      /** What the action would do (the confirmation's figures); nothing is sent. */
      preview: (body: GroupActionRequest) => client.groups.preview(body),
      /** A new group with one contact; the connection's directory is read again. */
      async create(body: GroupCreateBody) {
        const created = await client.groups.create(body)
        void mutate(keys.groups(Number(body.whatsappId)))
        return created
      },
      invite: (id: string, whatsappId: number) => client.groups.invite(id, whatsappId),
      /** Reads the connection's directory again (after a job changed its groups). */
      reload: (whatsappId: number) => mutate(keys.groups(whatsappId)),
    }),
    [client, applyJob, mutate],
  )
}
