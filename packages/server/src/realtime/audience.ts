import type { Audience } from './publisher'

/** Everyone who is in either audience. */
export const mergeAudiences = (...audiences: Audience[]): Audience => {
  if (audiences.some((a) => a.everyone)) return { everyone: true, userIds: [] }
  return { everyone: false, userIds: [...new Set(audiences.flatMap((a) => a.userIds))] }
}
