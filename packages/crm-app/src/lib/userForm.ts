import type { User, UserUpdateRequest } from '@desk/api-client'
import type { UserModalValues } from '@desk/ui'

/** The modal's starting values for a user (the password is never pre-filled). */
export const userToModalValues = (user: User): Partial<UserModalValues> => ({
  name: user.name,
  email: user.email,
  profile: user.profile,
  queueIds: user.queues.map((q) => q.id),
  whatsappId: user.whatsappId,
  ...(user.language ? { language: user.language } : {}),
})

export interface UserBodyOptions {
  /** Send profile (and queues/connection when their lists were offered): administrators only. */
  adminFields: boolean
  /** Queue and connection choices were on offer, so their values mean something. */
  withAssignments?: boolean
}

/**
 * What the modal returned, as the API wants it. Agents editing themselves send only name,
 * e-mail, password (when typed) and (from Profile) their language; queues and the default connection are sent only when they could be chosen,
 * so saving never clears an assignment the form did not show.
 */
export function userBody(values: UserModalValues, { adminFields, withAssignments }: UserBodyOptions) {
  const body: UserUpdateRequest & { name: string; email: string } = { name: values.name, email: values.email }
  // Left empty on an edit: not sent, so the password and the user's sessions stay as they are.
  if (values.password) body.password = values.password
  // Present only when the form showed the language field (Profile), so an admin editing a colleague
  // never overwrites that colleague's choice.
  if (values.language) body.language = values.language
  if (adminFields) body.profile = values.profile
  if (adminFields && withAssignments) {
    body.queueIds = values.queueIds
    body.whatsappId = values.whatsappId
  }
  return body
}
