import type { GroupActionRequest } from '@desk/api-client'
import type { GroupsAction } from '@desk/ui'

/** The calls a form's action makes over the chosen groups: "update" with both fields is two jobs. */
export const groupRequests = (whatsappId: number, groupIds: string[], action: GroupsAction): GroupActionRequest[] => {
  const one = (name: GroupActionRequest['action'], text?: string) => ({ whatsappId, groupIds, action: name, text })
  switch (action.kind) {
    case 'update':
      return [
        ...(action.subject ? [one('subject', action.subject)] : []),
        ...(action.description ? [one('description', action.description)] : []),
      ]
    case 'open':
    case 'close':
      return [one(action.kind)]
    case 'groupMessage':
      return [one('post', action.message)]
    case 'participantsMessage':
      return [one('participants', action.message)]
    case 'create':
      return []
  }
}
