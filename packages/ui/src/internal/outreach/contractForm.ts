import { VALIDATION_MESSAGES } from '@desk/api-client/contract'
import { z } from 'zod'

/**
 * A form schema over text fields: each field in `required` that is blank says "Required" (seed §5: all
 * text fields are required), then `parse` (the contract's request schema) decides. Issues keep their
 * field paths, so they show beside their fields.
 */
export function contractForm<K extends string, O>(
  fields: z.ZodType<Record<K, string>, Record<K, string>>,
  required: readonly [K, ...K[]],
  parse: (values: Record<K, string>) => z.ZodSafeParseResult<O>,
) {
  return fields.transform((v, ctx): O => {
    const issue = (path: string, message: string) =>
      ctx.issues.push({ code: 'custom', path: [path], message, input: v })
    const blank = required.filter((field) => v[field].trim() === '')
    for (const field of blank) issue(field, VALIDATION_MESSAGES.required)
    if (blank.length > 0) return z.NEVER
    const result = parse(v)
    if (result.success) return result.data
    for (const i of result.error.issues) issue(String(i.path[0] ?? required[0]), i.message)
    return z.NEVER
  })
}
