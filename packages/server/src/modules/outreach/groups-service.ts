import {
  GROUP_ACTION_KINDS,
  GROUP_SKIP_REASONS,
  type GroupAction,
  type GroupActionPreview,
  type Job,
  type SendingWindow,
} from '@desk/api-client'
import { DEFAULT_GROUP_ACTION_SECONDS } from '../../config'
import type { Db } from '../../db'
import type { GroupFunctions } from '../../drivers/types'
import type { SessionManager } from '../connections/sessions'
import type { createJobCreation } from './creation'
import { createGroupDirectory, groupUnsupported } from './group-directory'
import { type GroupChoice, planGroupAction } from './group-plan'
import { optedOutAmong } from './repository'

/** Which driver function each action needs. */
const NEEDS: Record<GroupAction, keyof GroupFunctions | null> = {
  subject: 'setGroupSubject',
  description: 'setGroupDescription',
  open: 'setGroupAnnounce',
  close: 'setGroupAnnounce',
  post: null,
  participants: null,
}

/** A group action as a caller asks for it. */
export interface GroupActionInput {
  whatsappId: number
  action: GroupAction
  groups: GroupChoice
  text?: string
  window?: SendingWindow
  dailyCap?: number
}

/**
 * Groups: the directory of a connection (see `createGroupDirectory`), and group actions as paced
 * jobs (one recipient per group, or per person for the private message) with their preview.
 */
export const createGroupsService = ({
  db,
  sessions,
  createJob,
  pacing = DEFAULT_GROUP_ACTION_SECONDS,
}: {
  db: Db
  sessions: Pick<SessionManager, 'driver'>
  createJob: ReturnType<typeof createJobCreation>
  pacing?: { minSeconds: number; maxSeconds: number }
}) => {
  const groups = createGroupDirectory({ db, sessions })

  const plan = async (input: GroupActionInput) => {
    const { driver, list } = await groups.driverOf(input.whatsappId)
    const needs = NEEDS[input.action]
    if (needs && typeof driver[needs] !== 'function') {
      throw groupUnsupported(`The ${driver.kind} network cannot do "${input.action}" with groups`)
    }
    const found = await groups.networkCall(list)
    return planGroupAction(input.action, found, input.groups, driver.ownNumber?.() ?? null)
  }

  /** What an action would do: how many groups, how many people, how many left out and why. Nothing is sent. */
  const preview = async (input: GroupActionInput): Promise<GroupActionPreview> => {
    const { recipients, groups: changed, people } = await plan(input)
    const skipped = Object.fromEntries(GROUP_SKIP_REASONS.map((r) => [r, 0])) as GroupActionPreview['skipped']
    for (const r of recipients) if (r.reason) skipped[r.reason] += 1
    if (input.action === 'participants') {
      const numbers = recipients.filter((r) => r.address).map((r) => r.entry)
      skipped.optedOut = (await optedOutAmong(db, numbers)).size
    }
    return { action: input.action, groups: changed, people: people - skipped.optedOut, skipped }
  }

  /** Starts the action as a job paced as the seed's group actions are. */
  const act = async (owner: number | null, input: GroupActionInput): Promise<Job> => {
    const { recipients } = await plan(input)
    const payload = input.action === 'open' || input.action === 'close' ? {} : { text: input.text ?? '' }
    return createJob(
      owner,
      GROUP_ACTION_KINDS[input.action],
      {
        ticketwhatsappId: input.whatsappId,
        numbers: recipients.map((r) => r.entry),
        planned: recipients,
        minInterval: pacing.minSeconds,
        maxInterval: pacing.maxSeconds,
        isGroup: input.action !== 'participants',
        window: input.window,
        dailyCap: input.dailyCap,
      },
      payload,
    )
  }

  return { directory: groups.directory, create: groups.create, invite: groups.invite, preview, act }
}

export type GroupsService = ReturnType<typeof createGroupsService>
