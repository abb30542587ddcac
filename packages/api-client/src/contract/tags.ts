import { z } from 'zod'
import { digitsOnly } from './common'
import { Tag } from './entities'
import { tagsPaths } from './paths/tags'
import { defineRoutes, noContent } from './route'
import { safeText } from './text'
import { boundedString, Color, IdParams, VALIDATION_MESSAGES } from './validation'

/**
 * Tags on contacts: `GET /getZDGTags` (all tags), `GET /getZDGUserTags/:number`
 * (a contact's tags), `POST /zdgSetUserTags` (replace them), `POST /zdgDeleteUserTags`
 * (remove them all). The seed deleted then set with a pause between; a set here
 * replaces the list in one step.
 */

const m = VALIDATION_MESSAGES

export const TagListResponse = z.array(Tag)
export const TagResponse = Tag
export type TagResponse = z.infer<typeof TagResponse>
export type TagListResponse = z.infer<typeof TagListResponse>

/** Splits the seed's comma-separated tag names: trimmed, blanks and duplicates dropped. */
export const parseTagNames = (text: string): string[] => [
  ...new Set(
    text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  ),
]

/** The contact's number, digits only. */
const MsgFrom = safeText({ error: m.required })
  .trim()
  .transform(digitsOnly)
  .pipe(safeText().min(8, { error: m.tooShort }).max(50, { error: m.tooLong }))

export const UserTagsParams = z.object({ number: MsgFrom })
export type UserTagsParams = z.input<typeof UserTagsParams>
/**
 * `GET /getZDGUserTags/:number` answers the contact's tag names joined by commas, in the order they
 * were set, as one JSON string (`"VIP,Late payer"`; `""` for none): the seed family's clients parse
 * the answer as JSON, then split it.
 */
export const formatTagNames = (names: readonly string[]) => names.join(',')
export const UserTagsResponse = safeText()
export type UserTagsResponse = z.infer<typeof UserTagsResponse>

/** `POST /zdgSetUserTags`: `tags` as the seed's comma list or as an array; names must exist. */
export const SetUserTagsRequest = z.object({
  msgFrom: MsgFrom,
  tags: z
    .union([safeText(), z.array(safeText())], { error: m.invalid })
    .transform((v) => parseTagNames(Array.isArray(v) ? v.join(',') : v))
    .pipe(z.array(safeText().max(50, { error: m.tooLong })).max(50, { error: m.tooLong })),
})
export type SetUserTagsRequest = z.input<typeof SetUserTagsRequest>
export type SetUserTagsData = z.output<typeof SetUserTagsRequest>
/** The contact's tags after the change, with their colours. */
export const SetUserTagsResponse = TagListResponse
export type SetUserTagsResponse = z.infer<typeof SetUserTagsResponse>

/** `POST /zdgDeleteUserTags`. */
export const DeleteUserTagsRequest = z.object({ msgFrom: MsgFrom })
export type DeleteUserTagsRequest = z.input<typeof DeleteUserTagsRequest>

/** The app's own calls: `GET|PUT /contacts/:id/tags`, by contact id, with `tags` as an array of names. */
export const ContactTagsRequest = z.object({
  tags: z
    .array(safeText().trim().min(1, { error: m.required }).max(50, { error: m.tooLong }), { error: m.invalid })
    .max(50, { error: m.tooLong })
    .transform((names) => [...new Set(names)]),
})
export type ContactTagsRequest = z.input<typeof ContactTagsRequest>
export const ContactTagsResponse = TagListResponse
export type ContactTagsResponse = z.infer<typeof ContactTagsResponse>

/**
 * A contact's tags changed (set, cleared, or a tag of theirs renamed, recoloured or deleted):
 * every signed-in user hears it, as contacts are shared by the desk.
 */
export type ContactTagsEvent = { action: 'update'; contactId: number; tags: Tag[] }
/** The catalogue changed: every signed-in user hears it. */
export type TagEvent = { action: 'create' | 'update'; tag: Tag } | { action: 'delete'; tagId: number }

/** Tags are defined by an administrator (`POST /tags`, `PUT|DELETE /tags/:id`): a name and a colour. */
export const TagCreateRequest = z.object({
  tag: boundedString(1, 50).refine((t) => !t.includes(','), { error: m.invalid }),
  color: Color,
})
export type TagCreateRequest = z.input<typeof TagCreateRequest>
export type TagCreateData = z.output<typeof TagCreateRequest>
/** Edit forms may echo the whole tag back: unknown fields (`id`) are dropped. */
export const TagUpdateRequest = TagCreateRequest.partial()
export type TagUpdateRequest = z.input<typeof TagUpdateRequest>
export type TagUpdateData = z.output<typeof TagUpdateRequest>

/**
 * The routes of tags: the catalogue (admins write it), a contact's tags, and the seed's calls,
 * on the methods and paths of `./paths/tags`.
 */
export const tagsRoutes = /* @__PURE__ */ defineRoutes(tagsPaths, () => ({
  tagList: { response: TagListResponse },
  tagCreate: { body: TagCreateRequest, response: TagResponse },
  tagUpdate: { params: IdParams, body: TagUpdateRequest, response: TagResponse },
  tagDelete: { params: IdParams, ...noContent },
  contactTags: { params: IdParams, response: ContactTagsResponse },
  contactTagsSet: {
    params: IdParams,
    body: ContactTagsRequest,
    response: ContactTagsResponse,
  },
  seedTagList: { response: TagListResponse },
  seedUserTags: { params: UserTagsParams, response: UserTagsResponse },
  seedSetUserTags: { body: SetUserTagsRequest, response: SetUserTagsResponse },
  seedDeleteUserTags: { body: DeleteUserTagsRequest, response: SetUserTagsResponse },
}))
