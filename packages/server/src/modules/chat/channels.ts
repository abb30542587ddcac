import type { ChatChannel, ChatChannelCreateRequest, ChatChannelKind, ChatChannelUpdateRequest } from '@desk/api-client'
import type { z } from 'zod'
import type { Db } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { type Actor, requireAdmin } from '../users/access'
import { findActor } from '../users/repository'
import {
  type ChannelRecord,
  channelActivity,
  channelsOf,
  deleteChannel,
  directChannel,
  ensureQueueChannels,
  findChannel,
  insertGroupChannel,
  isMember,
  type Member,
  membersOf,
  renameChannel,
  setChannelMembers,
} from './repository'

export const channelNotFound = () => new AppError('ERR_NO_CHANNEL_FOUND', 404)
const noPermission = () => new AppError('ERR_NO_PERMISSION', 403)
const channelFixed = () => new AppError('ERR_CHANNEL_FIXED', 409)

/** What a channel is called for one reader: a direct channel is named after the other person. */
const nameFor = (row: ChannelRecord, members: readonly Member[], viewerId: number): string => {
  if (row.kind === 'general') return 'general'
  if (row.kind === 'queue') return row.queueName ?? ''
  if (row.kind === 'direct') return (members.find((m) => m.id !== viewerId) ?? members[0])?.name ?? ''
  return row.name ?? ''
}

export const toChannel = (
  row: ChannelRecord,
  members: readonly Member[],
  viewerId: number,
  activity: { unread: number; lastMessageAt: string | null } = { unread: 0, lastMessageAt: null },
): ChatChannel => ({
  id: row.id,
  kind: row.kind as ChatChannelKind,
  name: nameFor(row, members, viewerId),
  queueId: row.queueId,
  color: row.queueColor,
  members: members.map((m) => ({ id: m.id, name: m.name })),
  unread: activity.unread,
  lastMessageAt: activity.lastMessageAt,
})

/**
 * Channels: everyone is in `general`; each queue's members in its channel; two users in their
 * direct channel; an admin's `group` channels hold whom the admin chose. A user reads a channel
 * only as a member (403 otherwise, 404 for none); admins make, rename, re-member and delete
 * group channels, and the others follow the desk's users and queues (409 `ERR_CHANNEL_FIXED`).
 */
export const createChatChannels = ({ db, publisher }: { db: Db; publisher: Publisher }) => {
  /** The channel when the actor belongs to it. */
  const requireMember = async (actor: Actor, id: number): Promise<ChannelRecord> => {
    const row = await findChannel(db, id)
    if (!row) throw channelNotFound()
    if (!(await isMember(db, row, actor.id))) throw noPermission()
    return row
  }

  const list = async (actor: Actor): Promise<ChatChannel[]> => {
    await ensureQueueChannels(db)
    const rows = await channelsOf(db, actor.id)
    const activity = await channelActivity(
      db,
      actor.id,
      rows.map((r) => r.id),
    )
    return Promise.all(rows.map(async (r) => toChannel(r, await membersOf(db, r), actor.id, activity.get(r.id))))
  }

  const one = async (actor: Actor, row: ChannelRecord) => {
    const activity = await channelActivity(db, actor.id, [row.id])
    return toChannel(row, await membersOf(db, row), actor.id, activity.get(row.id))
  }

  /** Tells each member of a channel (and those who just left it) how the channel now stands. */
  const announce = async (row: ChannelRecord, formerIds: readonly number[] = []) => {
    const members = await membersOf(db, row)
    for (const member of members) {
      const activity = await channelActivity(db, member.id, [row.id])
      publisher.chatChannel({ action: 'update', channel: toChannel(row, members, member.id, activity.get(row.id)) }, [
        member.id,
      ])
    }
    const gone = formerIds.filter((id) => !members.some((m) => m.id === id))
    if (gone.length) publisher.chatChannel({ action: 'delete', channelId: row.id }, gone)
  }

  const requireGroup = async (actor: Actor, id: number) => {
    requireAdmin(actor)
    const row = await findChannel(db, id)
    if (!row) throw channelNotFound()
    if (row.kind !== 'group') throw channelFixed()
    return row
  }

  const create = async (actor: Actor, input: z.output<typeof ChatChannelCreateRequest>) => {
    requireAdmin(actor)
    const id = await db.transaction().execute(async (trx) => {
      const made = await insertGroupChannel(trx, input.name)
      // The admin who makes a channel is in it.
      await setChannelMembers(trx, made, [...new Set([actor.id, ...input.userIds])])
      return made
    })
    const row = (await findChannel(db, id))!
    await announce(row)
    return one(actor, row)
  }

  const update = async (actor: Actor, id: number, input: z.output<typeof ChatChannelUpdateRequest>) => {
    const before = await requireGroup(actor, id)
    const formerIds = (await membersOf(db, before)).map((m) => m.id)
    await db.transaction().execute(async (trx) => {
      if (input.name !== undefined) await renameChannel(trx, id, input.name)
      if (input.userIds !== undefined) await setChannelMembers(trx, id, [...new Set(input.userIds)])
    })
    const row = (await findChannel(db, id))!
    await announce(row, formerIds)
    return one(actor, row)
  }

  const remove = async (actor: Actor, id: number) => {
    const row = await requireGroup(actor, id)
    const memberIds = (await membersOf(db, row)).map((m) => m.id)
    await deleteChannel(db, id)
    publisher.chatChannel({ action: 'delete', channelId: id }, memberIds)
  }

  /** The direct channel with another user (or oneself, for notes to self), made on first use. */
  const direct = async (actor: Actor, userId: number) => {
    if (!(await findActor(db, userId))) throw new AppError('ERR_NO_USER_FOUND', 404)
    const row = await directChannel(db, actor.id, userId)
    return one(actor, row)
  }

  return { requireMember, list, one, announce, create, update, remove, direct }
}

export type ChatChannels = ReturnType<typeof createChatChannels>
