import { QUEUE_GREETING_MAX, QueueCreateRequest } from '@desk/api-client/contract'
import { z } from 'zod'
import { optionalField, required } from '../../../internal/schemas'

/** What the modal hands back on submit; an empty greeting is null. */
export interface QueueModalValues {
  name: string
  color: string
  greetingMessage: string | null
}

export const queueFormSchema = z.object({
  name: QueueCreateRequest.shape.name,
  color: required(QueueCreateRequest.shape.color),
  greetingMessage: optionalField(QUEUE_GREETING_MAX),
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
