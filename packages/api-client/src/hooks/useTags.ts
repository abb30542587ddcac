import { useMemo } from 'react'
import useSWR, { type Arguments, unstable_serialize, useSWRConfig } from 'swr'
import type { ApiError } from '../client'
import type {
  ContactTagsEvent,
  Tag,
  TagCreateRequest,
  TagEvent,
  TagUpdateRequest,
  Ticket,
  TicketListResponse,
} from '../contract'
import { keys } from './cache'
import { useApiContext } from './context'
import { applyContactTagsToPages, applyTagToCatalogue, applyTagToPages, applyTagToTags } from './tagRules'

const quiet = { revalidate: false } as const

/**
 * Applies `tag` and `contactTags` events (live, or the answer of one's own change) to the
 * catalogue, every loaded contact's tags, every loaded ticket list and every single ticket.
 */
export function useTagCache() {
  const { mutate: write, cache } = useSWRConfig()
  const { lists } = useApiContext()
  return useMemo(() => {
    /** Changes only entries that hold data (see useDeskCache). */
    const mutate = <T>(key: Arguments, change: (current?: T) => T | undefined) => {
      const id = typeof key === 'string' ? key : unstable_serialize(key)
      if (cache.get(id)?.data === undefined) return
      void write(key, change, quiet)
    }
    /** Every cached entry whose key starts with `name` (single tickets, contacts' tags). */
    const entries = (name: string) => {
      const prefix = unstable_serialize([name]) // `@"name",`, which `@"name",3,` starts with
      return [...cache.keys()].filter((key) => key.startsWith(prefix))
    }

    const applyTag = (event: TagEvent) => {
      mutate(keys.tags, (list?: Tag[]) => applyTagToCatalogue(list, event))
      for (const [key] of lists.ofKind('tickets')) {
        mutate(key, (pages?: TicketListResponse[]) => applyTagToPages(pages, event))
      }
      for (const key of entries('contactTags')) mutate(key, (tags?: Tag[]) => applyTagToTags(tags, event))
      for (const key of entries('ticket')) {
        mutate(key, (t?: Ticket) => {
          const tags = applyTagToTags(t?.tags, event)
          return t && tags !== t.tags ? { ...t, tags } : t
        })
      }
    }

    const applyContactTags = (event: ContactTagsEvent) => {
      void write(keys.contactTags(event.contactId), event.tags, quiet)
      for (const [key, { params }] of lists.ofKind('tickets')) {
        mutate(key, (pages?: TicketListResponse[]) => applyContactTagsToPages(pages, event, params))
      }
      for (const key of entries('ticket')) {
        mutate(key, (t?: Ticket) => (t?.contactId === event.contactId ? { ...t, tags: event.tags } : t))
      }
    }
    return { applyTag, applyContactTags }
  }, [write, cache, lists])
}

/** The tag catalogue, by name; live `tag` events apply. */
export function useTags({ enabled = true }: { enabled?: boolean } = {}) {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<Tag[], ApiError>(enabled ? keys.tags : null, () =>
    client.tags.list(),
  )
  return { tags: data, error, isLoading, reload: () => mutate() }
}

/** Create, update and delete catalogue tags (admin-only on the server); lists follow at once. */
export function useTagMutations() {
  const { client } = useApiContext()
  const { applyTag } = useTagCache()
  return useMemo(
    () => ({
      async createTag(body: TagCreateRequest) {
        const tag = await client.tags.create(body)
        applyTag({ action: 'create', tag })
        return tag
      },
      async updateTag(id: number, body: TagUpdateRequest) {
        const tag = await client.tags.update(id, body)
        applyTag({ action: 'update', tag })
        return tag
      },
      async deleteTag(id: number) {
        await client.tags.delete(id)
        applyTag({ action: 'delete', tagId: id })
      },
    }),
    [client, applyTag],
  )
}

/** A contact's tags; live `contactTags` and `tag` events apply. `setTags` replaces them in one request. */
export function useContactTags(contactId: number | null | undefined) {
  const { client } = useApiContext()
  const { applyContactTags } = useTagCache()
  const { data, error, isLoading, mutate } = useSWR<Tag[], ApiError>(
    contactId ? keys.contactTags(contactId) : null,
    () => client.tags.ofContact(contactId as number),
  )
  const setTags = useMemo(
    () => async (names: string[]) => {
      if (!contactId) return []
      const tags = await client.tags.setOfContact(contactId, names)
      applyContactTags({ action: 'update', contactId, tags })
      return tags
    },
    [client, contactId, applyContactTags],
  )
  return { tags: data, error, isLoading, reload: () => mutate(), setTags }
}
