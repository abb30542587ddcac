import { z } from 'zod'
import { V } from '../../../internal/schemas'

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

const bounded = (min: number, max: number) =>
  z.string().trim().min(1, { error: V.required }).min(min, { error: V.tooShort }).max(max, { error: V.tooLong })

export const quickAnswerFormSchema = z.object({
  // A leading slash is how agents call it up; it is not part of the shortcut.
  shortcut: z
    .string()
    .transform((v) => v.trim().replace(/^\/+/, ''))
    .pipe(bounded(2, 50)),
  message: bounded(8, 30_000),
})

export type QuickAnswerFormInput = z.input<typeof quickAnswerFormSchema>

/** `value` with `text` put in place of the selection `[start, end)`, and where the caret goes after it. */
export const insertAt = (value: string, text: string, start: number, end: number) => ({
  value: value.slice(0, start) + text + value.slice(end),
  caret: start + text.length,
})
