import type { Group, GroupCreateResponse } from '@desk/api-client'
import type { Db } from '../../db'
import { GroupActionUnsupported, type GroupFunctions, type MessagingDriver } from '../../drivers/types'
import { AppError } from '../../http/errors'
import { findConnectionRow } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'

/** 400 `ERR_GROUP_ACTION_UNSUPPORTED`: the connection's network cannot do this with groups. */
export const groupUnsupported = (message: string) =>
  new AppError('ERR_GROUP_ACTION_UNSUPPORTED', 400, undefined, message)

/**
 * A connection's groups as its network holds them: the connected driver (404 for no connection, 400
 * when it is not connected or its network has no groups), the directory, a new group, invite links.
 */
export const createGroupDirectory = ({ db, sessions }: { db: Db; sessions: Pick<SessionManager, 'driver'> }) => {
  /** Invite links already read, by connection and group: they change only when reset. */
  const invites = new Map<string, string>()

  const driverOf = async (whatsappId: number) => {
    const connection = await findConnectionRow(db, whatsappId)
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    const driver = await sessions.driver(connection.id)
    if (!driver?.isConnected()) throw new AppError('ERR_WAPP_NOT_INITIALIZED', 400)
    if (!driver.listGroups) throw groupUnsupported(`The ${driver.kind} network has no groups`)
    return { driver, list: driver.listGroups.bind(driver) }
  }

  /** A driver's refusal of an action it cannot take becomes the caller's 400. */
  const networkCall = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call()
    } catch (error) {
      if (error instanceof GroupActionUnsupported) throw groupUnsupported(error.message)
      throw error
    }
  }

  const inviteOf = async (whatsappId: number, driver: MessagingDriver, groupId: string) => {
    const key = `${whatsappId}:${groupId}`
    const known = invites.get(key)
    if (known) return known
    if (!driver.groupInviteLink) throw groupUnsupported(`The ${driver.kind} network gives no invite links`)
    const link = await driver.groupInviteLink(groupId)
    invites.set(key, link)
    return link
  }

  /** The groups, by name; the invite link of each the connection administers (null when the network gives none). */
  const directory = async (whatsappId: number): Promise<{ groups: Group[] }> => {
    const { driver, list } = await driverOf(whatsappId)
    const groups: Group[] = []
    for (const g of await networkCall(list)) {
      const inviteLink =
        g.isAdmin && driver.groupInviteLink ? await inviteOf(whatsappId, driver, g.id).catch(() => null) : null
      const { participants, ...rest } = g
      groups.push({ ...rest, participants: participants.length + 1, inviteLink })
    }
    groups.sort((a, b) => a.name.localeCompare(b.name))
    return { groups }
  }

  /** A new group with one contact (digits): added, or sent the invite link where the network adds nobody. */
  const create = async (whatsappId: number, title: string, contact: string): Promise<GroupCreateResponse> => {
    const { driver } = await driverOf(whatsappId)
    if (!driver.createGroup) throw groupUnsupported(`The ${driver.kind} network cannot create groups`)
    const created = await networkCall(() =>
      (driver.createGroup as NonNullable<GroupFunctions['createGroup']>)(title, [contact]),
    )
    if (created.inviteLink) invites.set(`${whatsappId}:${created.id}`, created.inviteLink)
    return created
  }

  /** A group's invite link: 404 `ERR_NO_GROUP_FOUND` when the connection is not in it, 403 when it is no admin. */
  const invite = async (whatsappId: number, groupId: string) => {
    const { driver, list } = await driverOf(whatsappId)
    const group = (await networkCall(list)).find((g) => g.id === groupId)
    if (!group) throw new AppError('ERR_NO_GROUP_FOUND', 404)
    if (!group.isAdmin) throw new AppError('ERR_GROUP_NOT_ADMIN', 403)
    return { inviteLink: await networkCall(() => inviteOf(whatsappId, driver, groupId)) }
  }

  return { driverOf, networkCall, directory, create, invite }
}

export type GroupDirectory = ReturnType<typeof createGroupDirectory>
