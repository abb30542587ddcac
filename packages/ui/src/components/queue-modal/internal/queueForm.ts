import { z } from 'zod'
import { nameField, V } from '../../../internal/schemas'

/** What the modal hands back on submit; an empty greeting is null. */
export interface QueueModalValues {
  name: string
  color: string
  greetingMessage: string | null
}

export const queueFormSchema = z.object({
  name: nameField(),
  color: z.string().trim().min(1, { error: V.required }).min(3, { error: V.tooShort }).max(9, { error: V.tooLong }),
  greetingMessage: z.string().max(4096, { error: V.tooLong }),
})

export type QueueFormValues = z.infer<typeof queueFormSchema>

export const toFormValues = (v: Partial<QueueModalValues> = {}): QueueFormValues => ({
  name: v.name ?? '',
  color: v.color ?? '',
  greetingMessage: v.greetingMessage ?? '',
})

export const fromFormValues = (v: QueueFormValues): QueueModalValues => ({
  name: v.name.trim(),
  color: v.color.trim(),
  greetingMessage: v.greetingMessage.trim() || null,
})
