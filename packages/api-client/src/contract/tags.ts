import { z } from 'zod'
import { digitsOnly } from './common'
import { Tag } from './entities'
import { safeText } from './text'
import { boundedString, Color, VALIDATION_MESSAGES } from './validation'

/**
 * Tags on contacts: `GET /getZDGTags` (all tags), `GET /getZDGUserTags/:number`
 * (a contact's tags), `POST /zdgSetUserTags` (replace them), `POST /zdgDeleteUserTags`
 * (remove them all). The seed deleted then set with a pause between; a set here
 * replaces the list in one step.
 */

const m = VALIDATION_MESSAGES

export const TagListResponse = z.array(Tag)
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
/** A contact's tag names, in the order they were set. */
export const UserTagsResponse = z.object({ tags: z.array(safeText()) })
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
export const SetUserTagsResponse = UserTagsResponse

/** `POST /zdgDeleteUserTags`. */
export const DeleteUserTagsRequest = z.object({ msgFrom: MsgFrom })
export type DeleteUserTagsRequest = z.input<typeof DeleteUserTagsRequest>

/** Tags are defined by an administrator (`POST /tags`, `PUT|DELETE /tags/:id`): a name and a colour. */
export const TagCreateRequest = z.object({
  tag: boundedString(1, 50).refine((t) => !t.includes(','), { error: m.invalid }),
  color: Color,
})
export type TagCreateRequest = z.input<typeof TagCreateRequest>
export const TagUpdateRequest = TagCreateRequest.partial()
export type TagUpdateRequest = z.input<typeof TagUpdateRequest>
