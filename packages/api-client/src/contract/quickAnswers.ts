import { z } from 'zod'
import { QuickAnswer } from './entities'
import { safeText } from './text'
import { boundedString, IdParams, PageQuery, VALIDATION_MESSAGES } from './validation'

/** Quick answers: `GET /quickAnswers/`, `GET/PUT/DELETE /quickAnswers/:id`, `POST /quickAnswers`. */

export const QUICK_ANSWERS_PAGE_SIZE = 20

/**
 * `searchParam` matches the shortcut or the message, shortcuts starting with it first
 * (the `/` popup sends the text after the slash).
 */
export const QuickAnswerListQuery = PageQuery
export type QuickAnswerListQuery = z.input<typeof QuickAnswerListQuery>
export const QuickAnswerListResponse = z.object({
  quickAnswers: z.array(QuickAnswer),
  hasMore: z.boolean(),
  count: z.number().int().nonnegative().optional(),
})
export type QuickAnswerListResponse = z.infer<typeof QuickAnswerListResponse>

/**
 * A shortcut as typed: a leading `/` (how agents call a quick answer up) is not part of it,
 * so `/price` is stored as `price`; then 2–50 characters.
 */
export const QuickAnswerShortcut = safeText({ error: VALIDATION_MESSAGES.required })
  .transform((v) => v.trim().replace(/^\/+/, ''))
  .pipe(boundedString(2, 50))

/** Shortcut 2–50 (without a leading `/`) and unique; message 8–30000. */
export const QuickAnswerCreateRequest = z.object({
  shortcut: QuickAnswerShortcut,
  message: boundedString(8, 30_000),
})
export type QuickAnswerCreateRequest = z.input<typeof QuickAnswerCreateRequest>
export const QuickAnswerUpdateRequest = QuickAnswerCreateRequest.partial()
export type QuickAnswerUpdateRequest = z.input<typeof QuickAnswerUpdateRequest>
export const QuickAnswerResponse = QuickAnswer
export type QuickAnswerResponse = z.infer<typeof QuickAnswerResponse>

export {
  fillPlaceholders,
  greetingFor,
  PLACEHOLDERS,
  type Placeholder,
  type PlaceholderSource,
  type PlaceholderValues,
  placeholderValues,
} from './constants'

import { quickAnswersPaths } from './paths/quickAnswers'
import { defineRoutes, noContent } from './route'

/** The routes of quick answers, on the methods and paths of `./paths/quickAnswers`. */
export const quickAnswersRoutes = /* @__PURE__ */ defineRoutes(quickAnswersPaths, () => ({
  quickAnswerList: { query: QuickAnswerListQuery, response: QuickAnswerListResponse },
  quickAnswerGet: { params: IdParams, response: QuickAnswerResponse },
  quickAnswerCreate: { body: QuickAnswerCreateRequest, response: QuickAnswerResponse },
  quickAnswerUpdate: {
    params: IdParams,
    body: QuickAnswerUpdateRequest,
    response: QuickAnswerResponse,
  },
  quickAnswerDelete: { params: IdParams, ...noContent },
}))
