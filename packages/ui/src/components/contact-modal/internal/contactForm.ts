import { ContactCreateRequest, ExtraInfoInput } from '@desk/api-client/contract'
import { z } from 'zod'
import { V } from '../../../internal/schemas'

/** One extra-info row; `id` is set for rows that already exist. */
export interface ContactExtraInfo {
  id?: number
  name: string
  value: string
}

/** What the modal hands back on submit: the number as digits, empty fields as null. */
export interface ContactModalValues {
  name: string
  number: string | null
  email: string | null
  extraInfo: ContactExtraInfo[]
}

const digits = (value: string) => value.replace(/\D/g, '')

/** Optional; when given, 8 to 50 digits (spaces, dashes, brackets and `+` are ignored). */
const numberField = () =>
  z
    .string()
    .trim()
    .superRefine((value, ctx) => {
      if (!value) return
      const count = digits(value).length
      const message = count === 0 ? 'validation.invalid' : count < 8 ? V.tooShort : count > 50 ? V.tooLong : undefined
      if (message) ctx.addIssue({ code: 'custom', message })
    })

const optionalEmail = () =>
  z
    .string()
    .trim()
    .max(254, { error: V.tooLong })
    .refine((value) => value === '' || z.email().safeParse(value).success, { error: V.invalidEmail })

export const contactFormSchema = z.object({
  name: ContactCreateRequest.shape.name,
  number: numberField(),
  email: optionalEmail(),
  // `infoId` rather than `id`: the field array keeps its own `id` per row.
  extraInfo: z.array(
    z.object({ infoId: z.string(), name: ExtraInfoInput.shape.name, value: ExtraInfoInput.shape.value }),
  ),
})

export type ContactFormValues = z.infer<typeof contactFormSchema>

export const toFormValues = (v: Partial<ContactModalValues> = {}): ContactFormValues => ({
  name: v.name ?? '',
  number: v.number ?? '',
  email: v.email ?? '',
  extraInfo: (v.extraInfo ?? []).map((row) => ({
    infoId: row.id == null ? '' : String(row.id),
    name: row.name,
    value: row.value,
  })),
})

export const fromFormValues = (v: ContactFormValues): ContactModalValues => ({
  name: v.name.trim(),
  number: digits(v.number) || null,
  email: v.email.trim() || null,
  extraInfo: v.extraInfo.map(({ infoId, name, value }) => ({
    ...(infoId ? { id: Number(infoId) } : {}),
    name: name.trim(),
    value: value.trim(),
  })),
})
