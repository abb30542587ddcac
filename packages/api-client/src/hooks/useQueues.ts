import { useMemo } from 'react'
import useSWR from 'swr'
import type { ApiError } from '../client'
import type {
  Queue,
  QueueCreateRequest,
  QueueUpdateRequest,
  QuickAnswer,
  QuickAnswerCreateRequest,
  QuickAnswerListResponse,
  QuickAnswerUpdateRequest,
} from '../contract'
import { keys } from './cache'
import { useApiContext } from './context'
import { useDeskCache } from './useDeskCache'
import { usePagedList } from './usePagedList'

/** Every queue, by name; live `queue` events apply. */
export function useQueues({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<Queue[], ApiError>(enabled ? keys.queues : null, () =>
    client.queues.list(),
  )
  return { queues: data, error, isLoading, reload: () => mutate() }
}

/** Create, update and delete queues (admin-only on the server); the list follows at once. */
export function useQueueMutations() {
  const { client } = useApiContext()
  const { applyQueue } = useDeskCache()
  return useMemo(
    () => ({
      async createQueue(body: QueueCreateRequest) {
        const queue = await client.queues.create(body)
        applyQueue({ action: 'create', queue })
        return queue
      },
      async updateQueue(id: number, body: QueueUpdateRequest) {
        const queue = await client.queues.update(id, body)
        applyQueue({ action: 'update', queue })
        return queue
      },
      async deleteQueue(id: number) {
        await client.queues.delete(id)
        applyQueue({ action: 'delete', queueId: id })
      },
    }),
    [client, applyQueue],
  )
}

/** Quick answers, 20 a page; `searchParam` matches the shortcut. Live `quickAnswer` events apply. */
export function useQuickAnswers({ searchParam = '' }: { searchParam?: string } = {}) {
  const { client } = useApiContext()
  const list = usePagedList<QuickAnswerListResponse, QuickAnswer>({
    kind: 'quickAnswers',
    searchParam: searchParam.trim(),
    key: keys.quickAnswers,
    fetch: (search, pageNumber) => client.quickAnswers.list({ searchParam: search, pageNumber }),
    items: (page) => page.quickAnswers,
    // The composer's suggestions follow the shortcut as it is typed.
    keepWhileSearching: true,
  })
  return { ...list, quickAnswers: list.items }
}

/** One quick answer by id (`null`: none asked), e.g. the one a form holds that no loaded page lists. */
export function useQuickAnswer(id: number | null) {
  const { client } = useApiContext()
  const { data, error, isLoading } = useSWR<QuickAnswer, ApiError>(id === null ? null : ['quickAnswer', id], () =>
    client.quickAnswers.get(id!),
  )
  return { quickAnswer: data, error, isLoading }
}

/** Create, update and delete quick answers; every loaded list follows at once. */
export function useQuickAnswerMutations() {
  const { client } = useApiContext()
  const { applyQuickAnswer } = useDeskCache()
  return useMemo(
    () => ({
      async createQuickAnswer(body: QuickAnswerCreateRequest) {
        const quickAnswer = await client.quickAnswers.create(body)
        applyQuickAnswer({ action: 'create', quickAnswer })
        return quickAnswer
      },
      async updateQuickAnswer(id: number, body: QuickAnswerUpdateRequest) {
        const quickAnswer = await client.quickAnswers.update(id, body)
        applyQuickAnswer({ action: 'update', quickAnswer })
        return quickAnswer
      },
      async deleteQuickAnswer(id: number) {
        await client.quickAnswers.delete(id)
        applyQuickAnswer({ action: 'delete', quickAnswerId: id })
      },
    }),
    [client, applyQuickAnswer],
  )
}
