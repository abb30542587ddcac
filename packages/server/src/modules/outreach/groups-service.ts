import {
  GROUP_ACTION_KINDS,
  GROUP_SKIP_REASONS,
  type Group,
  type GroupAction,
  type GroupActionPreview,
  type GroupCreateResponse,
  type Job,
  type SendingWindow,
} from '@desk/api-client'
import { DEFAULT_GROUP_ACTION_SECONDS } from '../../config'
import type { Db } from '../../db'
import { GroupActionUnsupported, type GroupFunctions, type MessagingDriver } from '../../drivers/types'
import { AppError } from '../../http/errors'
import { findConnectionRow } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'
import type { createJobCreation } from './creation'
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

const unsupported = (message: string) => new AppError('ERR_GROUP_ACTION_UNSUPPORTED', 400, undefined, message)

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
 * Groups: the directory of a connection (read from its network), group actions as paced jobs (one
 * recipient per group, or per person for the private message), the preview of one, a new group,
 * and a group's invite link. The connection must be connected and its network have groups.
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
  /** Invite links already read, by connection and group: they change only when reset. */
  const invites = new Map<string, string>()

  const driverOf = async (whatsappId: number) => {
    const connection = await findConnectionRow(db, whatsappId)
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    const driver = await sessions.driver(connection.id)
    if (!driver?.isConnected()) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400)
    if (!driver.listGroups) throw unsupported(`The ${driver.kind} network has no groups`)
    return { driver, list: driver.listGroups.bind(driver) }
  }

  /** A driver's refusal of an action it cannot take becomes the caller's 400. */
  const networkCall = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call()
    } catch (error) {
      if (error instanceof GroupActionUnsupported) throw unsupported(error.message)
      throw error
    }
  }

  const inviteOf = async (whatsappId: number, driver: MessagingDriver, groupId: string) => {
    const key = `${whatsappId}:${groupId}`
    const known = invites.get(key)
    if (known) return known
    if (!driver.groupInviteLink) throw unsupported(`The ${driver.kind} network gives no invite links`)
    const link = await driver.groupInviteLink(groupId)
    invites.set(key, link)
    return link
  }

  const directory = async (whatsappId: number): Promise<{ groups: Group[] }> => {
    const { driver, list } = await driverOf(whatsappId)
    const found = await networkCall(list)
    const groups: Group[] = []
    for (const g of found) {
      const inviteLink =
        g.isAdmin && driver.groupInviteLink ? await inviteOf(whatsappId, driver, g.id).catch(() => null) : null
      groups.push({
        id: g.id,
        name: g.name,
        description: g.description,
        participants: g.participants.length + 1,
        isAdmin: g.isAdmin,
        announce: g.announce,
        inviteLink,
      })
    }
    groups.sort((a, b) => a.name.localeCompare(b.name))
    return { groups }
  }

  const plan = async (input: GroupActionInput) => {
    const { driver, list } = await driverOf(input.whatsappId)
    const needs = NEEDS[input.action]
    if (needs && typeof driver[needs] !== 'function') {
      throw unsupported(`The ${driver.kind} network cannot do "${input.action}" with groups`)
    }
    const found = await networkCall(list)
    return planGroupAction(input.action, found, input.groups, driver.ownNumber?.() ?? null)
  }

  /** What an action would do: how many groups, how many people, how many left out and why. Nothing is sent. */
  const preview = async (input: GroupActionInput): Promise<GroupActionPreview> => {
    const { recipients, groups, people } = await plan(input)
    const skipped = Object.fromEntries(GROUP_SKIP_REASONS.map((r) => [r, 0])) as GroupActionPreview['skipped']
    for (const r of recipients) if (r.reason) skipped[r.reason] += 1
    if (input.action === 'participants') {
      const numbers = recipients.filter((r) => r.address).map((r) => r.entry)
      skipped.optedOut = (await optedOutAmong(db, numbers)).size
    }
    return { action: input.action, groups, people: people - skipped.optedOut, skipped }
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

  /** A new group with one contact (digits): added, or sent the invite link where the network adds nobody. */
  const create = async (whatsappId: number, title: string, contact: string): Promise<GroupCreateResponse> => {
    const { driver } = await driverOf(whatsappId)
    if (!driver.createGroup) throw unsupported(`The ${driver.kind} network cannot create groups`)
    const created = await networkCall(() =>
      (driver.createGroup as NonNullable<GroupFunctions['createGroup']>)(title, [contact]),
    )
    if (created.inviteLink) invites.set(`${whatsappId}:${created.id}`, created.inviteLink)
    return created
  }

  const invite = async (whatsappId: number, groupId: string) => {
    const { driver, list } = await driverOf(whatsappId)
    const group = (await networkCall(list)).find((g) => g.id === groupId)
    if (!group) throw new AppError('ERR_NO_GROUP_FOUND', 404)
    if (!group.isAdmin) throw new AppError('ERR_GROUP_NOT_ADMIN', 403)
    return { inviteLink: await networkCall(() => inviteOf(whatsappId, driver, groupId)) }
  }

  return { directory, preview, act, create, invite }
}

export type GroupsService = ReturnType<typeof createGroupsService>
