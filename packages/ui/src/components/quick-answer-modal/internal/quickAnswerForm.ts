import { QuickAnswerCreateRequest } from '@desk/api-client/contract'
import { z } from 'zod'

export interface QuickAnswerModalValues {
  shortcut: string
  message: string
}

/** The placeholders a quick answer may hold, written `{{name}}`; filled in for the ticket when it is sent. */
export const QUICK_ANSWER_VARIABLES = [
  'name',
  'user',
  'ms',
  'date',
  'hour',
  'ticket_id',
  'queue',
  'connection',
] as const
export type QuickAnswerVariable = (typeof QUICK_ANSWER_VARIABLES)[number]

/** The contract's own rules: a leading slash is how agents call a shortcut up, not part of it. */
export const quickAnswerFormSchema = z.object({
  shortcut: QuickAnswerCreateRequest.shape.shortcut,
  message: QuickAnswerCreateRequest.shape.message,
})

export type QuickAnswerFormInput = z.input<typeof quickAnswerFormSchema>

/** `value` with `text` put in place of the selection `[start, end)`, and where the caret goes after it. */
export const insertAt = (value: string, text: string, start: number, end: number) => ({
  value: value.slice(0, start) + text + value.slice(end),
  caret: start + text.length,
})
