import { GROUP_ADMIN_ACTIONS, type GroupAction, type GroupSkipReason } from '@desk/api-client'
import type { DriverGroup } from '../../drivers/types'

/** One recipient of a group job: a group (`{id}@g.us`) or a person (`{digits}@c.us`), or skipped with its reason. */
export interface PlannedGroupRecipient {
  entry: string
  address: string | null
  reason: GroupSkipReason | null
}

export interface GroupPlan {
  recipients: PlannedGroupRecipient[]
  /** Groups the action changes or posts in (for `participants`: groups whose people are messaged). */
  groups: number
  /** People who get the private message (`participants` only). */
  people: number
}

/** The groups a call names, or every group the connection administers (the seed's calls name none). */
export type GroupChoice = readonly string[] | 'administered'

/** Whether the connection may take `action` in `group`: admins only, and a closed group takes posts from admins only. */
export const mayAct = (action: GroupAction, group: DriverGroup) =>
  group.isAdmin || (!GROUP_ADMIN_ACTIONS.includes(action) && !(action === 'post' && group.announce))

/**
 * What a group action does, without a database or a network: one recipient per chosen group (a
 * group the connection is not in is skipped `notFound`, one it may not change `notAdmin`), or for
 * `participants` one per person of the chosen groups, in the groups' order: a person in an earlier
 * chosen group too is skipped `duplicate`, the connection's own number `ownNumber`. Opt-outs are
 * checked when each message goes (the list may change meanwhile).
 */
export const planGroupAction = (
  action: GroupAction,
  directory: readonly DriverGroup[],
  choice: GroupChoice,
  ownNumber: string | null,
): GroupPlan => {
  const byId = new Map(directory.map((g) => [g.id, g]))
  const ids = choice === 'administered' ? directory.filter((g) => g.isAdmin).map((g) => g.id) : [...new Set(choice)]
  const recipients: PlannedGroupRecipient[] = []
  let groups = 0
  let people = 0
  const seen = new Set<string>()
  for (const id of ids) {
    const group = byId.get(id)
    if (!group) {
      recipients.push({ entry: id, address: null, reason: 'notFound' })
      continue
    }
    if (!mayAct(action, group)) {
      recipients.push({ entry: group.name, address: null, reason: 'notAdmin' })
      continue
    }
    groups += 1
    if (action !== 'participants') {
      recipients.push({ entry: group.name, address: `${group.id}@g.us`, reason: null })
      continue
    }
    for (const number of group.participants) {
      if (number === ownNumber) recipients.push({ entry: number, address: null, reason: 'ownNumber' })
      else if (seen.has(number)) recipients.push({ entry: number, address: null, reason: 'duplicate' })
      else {
        seen.add(number)
        people += 1
        recipients.push({ entry: number, address: `${number}@c.us`, reason: null })
      }
    }
  }
  return { recipients, groups, people }
}
