import type { z } from 'zod'

/** The `fields` a 400 would carry: dotted path → first message code. Empty when the input is valid. */
export const fieldErrors = (schema: z.ZodType, input: unknown): Record<string, string> => {
  const result = schema.safeParse(input)
  const fields: Record<string, string> = {}
  if (result.success) return fields
  for (const issue of result.error.issues) fields[issue.path.join('.')] ??= issue.message
  return fields
}
