import type { Tag, TagCreateRequest, TagUpdateRequest } from '../../contract'
import { type Requester, routeCaller } from './types'

export interface TagsApi {
  /** The catalogue, by name. */
  list(): Promise<Tag[]>
  /** Admin-only writes; a name in use answers `ERR_TAG_ALREADY_EXISTS`. */
  create(body: TagCreateRequest): Promise<Tag>
  update(id: number, body: TagUpdateRequest): Promise<Tag>
  delete(id: number): Promise<void>
  /** A contact's tags, in the order they were set. */
  ofContact(contactId: number): Promise<Tag[]>
  /** Replaces a contact's tags (names from the catalogue) in one request; answers the new set. */
  setOfContact(contactId: number, tags: string[]): Promise<Tag[]>
}

export const tagsApi = (request: Requester): TagsApi => {
  const call = routeCaller(request)
  return {
    list: () => call('tagList'),
    create: (body) => call('tagCreate', { body }),
    update: (id, body) => call('tagUpdate', { params: { id }, body }),
    delete: async (id) => {
      await call('tagDelete', { params: { id } })
    },
    ofContact: (id) => call('contactTags', { params: { id } }),
    setOfContact: (id, tags) => call('contactTagsSet', { params: { id }, body: { tags } }),
  }
}
