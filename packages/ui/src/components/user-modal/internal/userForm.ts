import { z } from 'zod'
import { emailField, nameField, V } from '../../../internal/schemas'

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
}

/** The form's own shape: selects and checkboxes speak strings. */
export const userFormSchema = (mode: 'create' | 'edit') =>
  z.object({
    name: nameField(),
    email: emailField(),
    // Seed §5: on edit an empty password is refused as invalid; on create it is required.
    password: z
      .string()
      .min(1, { error: mode === 'edit' ? 'userModal.passwordInvalid' : V.required })
      .min(5, { error: V.tooShort })
      .max(50, { error: V.tooLong }),
    profile: z.enum(['admin', 'user']),
    queueIds: z.array(z.string()),
    whatsappId: z.string(),
  })

export type UserFormValues = z.infer<ReturnType<typeof userFormSchema>>

export const toFormValues = (v: Partial<UserModalValues> = {}): UserFormValues => ({
  name: v.name ?? '',
  email: v.email ?? '',
  password: v.password ?? '',
  profile: v.profile ?? 'user',
  queueIds: (v.queueIds ?? []).map(String),
  whatsappId: v.whatsappId == null ? '' : String(v.whatsappId),
})

export const fromFormValues = (v: UserFormValues): UserModalValues => ({
  ...v,
  queueIds: v.queueIds.map(Number),
  whatsappId: v.whatsappId === '' ? null : Number(v.whatsappId),
})
