import { safeText, UserCreateRequest } from '@desk/api-client/contract'
import { z } from 'zod'
import { LOCALES, type UiLocale } from '../../../i18n'
import { required } from '../../../internal/schemas'

export type UserProfile = 'admin' | 'user'

/** What the modal hands back on submit. */
export interface UserModalValues {
  name: string
  email: string
  /** Absent when an edit left the field empty: the password stays as it is. */
  password?: string
  profile: UserProfile
  queueIds: number[]
  /** The default connection, or null for none. */
  whatsappId: number | null
  /** The user's own interface language; only present when the modal showed the field. */
  language?: UiLocale
}

/** The form's own shape: selects and checkboxes speak strings. */
export const userFormSchema = (mode: 'create' | 'edit') =>
  z.object({
    name: UserCreateRequest.shape.name,
    email: UserCreateRequest.shape.email,
    // Required on create. On edit an empty password keeps the current one, as the API reads it (the seed refused
    // it, which made an administrator reset an agent's password, and end their sessions, to change a queue).
    password:
      mode === 'edit'
        ? safeText().refine((v) => v === '' || UserCreateRequest.shape.password.safeParse(v).success, {
            error: 'userModal.passwordInvalid',
          })
        : required(UserCreateRequest.shape.password),
    profile: z.enum(['admin', 'user']),
    queueIds: z.array(z.string()),
    whatsappId: z.string(),
    language: z.enum(LOCALES),
  })

export type UserFormValues = z.infer<ReturnType<typeof userFormSchema>>

export const toFormValues = (v: Partial<UserModalValues> = {}): UserFormValues => ({
  name: v.name ?? '',
  email: v.email ?? '',
  password: v.password ?? '',
  profile: v.profile ?? 'user',
  queueIds: (v.queueIds ?? []).map(String),
  whatsappId: v.whatsappId == null ? '' : String(v.whatsappId),
  // Shown only when asked for; English is what a missing choice reads as, as everywhere else.
  language: v.language ?? 'en',
})

/** `withLanguage`: the language field was on show, so its value means something. */
export const fromFormValues = (
  { language, password, ...v }: UserFormValues,
  withLanguage = false,
): UserModalValues => ({
  ...v,
  ...(password ? { password } : {}),
  queueIds: v.queueIds.map(Number),
  whatsappId: v.whatsappId === '' ? null : Number(v.whatsappId),
  ...(withLanguage ? { language } : {}),
})
