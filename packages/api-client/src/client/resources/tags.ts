import { type Requester, type RouteBody, routeCaller } from './types'

export const tagsApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    /** The catalogue, by name. */
    list: () => call('tagList'),
    /** Admin-only writes; a name in use answers `ERR_TAG_ALREADY_EXISTS`. */
    create: (body: RouteBody<'tagCreate'>) => call('tagCreate', { body }),
    update: (id: number, body: RouteBody<'tagUpdate'>) => call('tagUpdate', { params: { id }, body }),
    delete: async (id: number): Promise<void> => {
      await call('tagDelete', { params: { id } })
    },
    /** A contact's tags, in the order they were set. */
    ofContact: (contactId: number) => call('contactTags', { params: { id: contactId } }),
    /** Replaces a contact's tags (names from the catalogue) in one request; answers the new set. */
    setOfContact: (contactId: number, tags: string[]) =>
      call('contactTagsSet', { params: { id: contactId }, body: { tags } }),
  }
}
export type TagsApi = ReturnType<typeof tagsApi>
