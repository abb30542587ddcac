import { UserCreateRequest } from '@desk/api-client/contract'
import { z } from 'zod'
import { LOCALES, type UiLocale } from '../../../i18n'
import { required } from '../../../internal/schemas'

export type UserProfile = 'admin' | 'user'

/** What the modal hands back on submit. */
export interface UserModalValues {
  name: string
  email: string
  password: string
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
    // Seed §5: on edit an empty password is refused as invalid; on create it is required.
    password: required(UserCreateRequest.shape.password, mode === 'edit' ? 'userModal.passwordInvalid' : undefined),
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
export const fromFormValues = ({ language, ...v }: UserFormValues, withLanguage = false): UserModalValues => ({
  ...v,
  queueIds: v.queueIds.map(Number),
  whatsappId: v.whatsappId === '' ? null : Number(v.whatsappId),
  ...(withLanguage ? { language } : {}),
})
