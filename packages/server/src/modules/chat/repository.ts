import { sql } from 'kysely'
import { type ChatChannelRow, type Executor, nowIso } from '../../db'
import { containsPattern, lowerLike } from '../../db/expressions'

/** Every query of the internal chat: channels, who belongs to them, messages and reads. */

export interface Member {
  id: number
  name: string
}

/** Makes the channel of each queue that has none yet (two racing callers make it once). */
export const ensureQueueChannels = async (db: Executor): Promise<void> => {
  const missing = await db
    .selectFrom('queues')
    .leftJoin('chat_channels', 'chat_channels.queueId', 'queues.id')
    .select('queues.id')
    .where('chat_channels.id', 'is', null)
    .execute()
  if (missing.length === 0) return
  const now = nowIso()
  await db
    .insertInto('chat_channels')
    .values(missing.map((q) => ({ kind: 'queue' as const, name: null, queueId: q.id, createdAt: now, updatedAt: now })))
    .onConflict((oc) => oc.column('queueId').doNothing())
    .execute()
}

/** A channel with its queue's name and colour (for a queue's channel). */
const channelQuery = (db: Executor) =>
  db
    .selectFrom('chat_channels')
    .leftJoin('queues', 'queues.id', 'chat_channels.queueId')
    .selectAll('chat_channels')
    .select(['queues.name as queueName', 'queues.color as queueColor'])

export type ChannelRecord = ChatChannelRow & { queueName: string | null; queueColor: string | null }

export const findChannel = (db: Executor, id: number): Promise<ChannelRecord | undefined> =>
  channelQuery(db).where('chat_channels.id', '=', id).executeTakeFirst()

/** The channels a user belongs to: general, their queues' channels, and the direct and group ones they are in. */
export const channelsOf = (db: Executor, userId: number): Promise<ChannelRecord[]> =>
  channelQuery(db)
    .where((eb) =>
      eb.or([
        eb('chat_channels.kind', '=', 'general'),
        eb.and([
          eb('chat_channels.kind', '=', 'queue'),
          eb(
            'chat_channels.queueId',
            'in',
            eb.selectFrom('user_queues').select('user_queues.queueId').where('user_queues.userId', '=', userId),
          ),
        ]),
        eb(
          'chat_channels.id',
          'in',
          eb.selectFrom('chat_members').select('chat_members.channelId').where('chat_members.userId', '=', userId),
        ),
      ]),
    )
    .orderBy('chat_channels.id')
    .execute()

/** Who belongs to a channel, by name. */
export const membersOf = (
  db: Executor,
  channel: Pick<ChatChannelRow, 'id' | 'kind' | 'queueId'>,
): Promise<Member[]> => {
  const users = db.selectFrom('users').select(['users.id', 'users.name']).orderBy('users.name').orderBy('users.id')
  if (channel.kind === 'general') return users.execute()
  if (channel.kind === 'queue') {
    return users
      .innerJoin('user_queues', 'user_queues.userId', 'users.id')
      .where('user_queues.queueId', '=', channel.queueId ?? -1)
      .execute()
  }
  return users
    .innerJoin('chat_members', 'chat_members.userId', 'users.id')
    .where('chat_members.channelId', '=', channel.id)
    .execute()
}

export const isMember = async (
  db: Executor,
  channel: Pick<ChatChannelRow, 'id' | 'kind' | 'queueId'>,
  userId: number,
): Promise<boolean> => {
  if (channel.kind === 'general') return true
  const row =
    channel.kind === 'queue'
      ? await db
          .selectFrom('user_queues')
          .select('userId')
          .where('queueId', '=', channel.queueId ?? -1)
          .where('userId', '=', userId)
          .executeTakeFirst()
      : await db
          .selectFrom('chat_members')
          .select('userId')
          .where('channelId', '=', channel.id)
          .where('userId', '=', userId)
          .executeTakeFirst()
  return row !== undefined
}

/** Per channel: messages of others after the user's last read one, and when the latest came. */
export const channelActivity = async (db: Executor, userId: number, channelIds: readonly number[]) => {
  if (channelIds.length === 0) return new Map<number, { unread: number; lastMessageAt: string | null }>()
  const rows = await db
    .selectFrom('chat_messages')
    .leftJoin('chat_reads', (join) =>
      join.onRef('chat_reads.channelId', '=', 'chat_messages.channelId').on('chat_reads.userId', '=', userId),
    )
    .select((eb) => [
      'chat_messages.channelId',
      eb.fn.max('chat_messages.createdAt').as('lastMessageAt'),
      eb.fn
        .sum<number>(
          eb
            .case()
            .when(
              eb.and([
                eb('chat_messages.id', '>', eb.fn.coalesce('chat_reads.lastReadId', sql.lit(0))),
                eb.or([eb('chat_messages.userId', 'is', null), eb('chat_messages.userId', '!=', userId)]),
              ]),
            )
            .then(1)
            .else(0)
            .end(),
        )
        .as('unread'),
    ])
    .where('chat_messages.channelId', 'in', [...channelIds])
    .groupBy('chat_messages.channelId')
    .execute()
  return new Map(
    rows.map((r) => [
      r.channelId,
      { unread: Number(r.unread ?? 0), lastMessageAt: (r.lastMessageAt as string) ?? null },
    ]),
  )
}

/** Records that the user read the channel up to its latest message. */
export const markChannelRead = async (db: Executor, channelId: number, userId: number): Promise<void> => {
  const latest = await db
    .selectFrom('chat_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('channelId', '=', channelId)
    .executeTakeFirst()
  const lastReadId = Number(latest?.id ?? 0)
  await db
    .insertInto('chat_reads')
    .values({ channelId, userId, lastReadId })
    .onConflict((oc) => oc.columns(['channelId', 'userId']).doUpdateSet({ lastReadId }))
    .execute()
}

/** The direct channel of two users ("low:high"), made on first use. */
export const directChannel = async (db: Executor, a: number, b: number): Promise<ChannelRecord> => {
  const [low, high] = a < b ? [a, b] : [b, a]
  const directKey = `${low}:${high}`
  const now = nowIso()
  const made = await db
    .insertInto('chat_channels')
    .values({ kind: 'direct', name: null, queueId: null, directKey, createdAt: now, updatedAt: now })
    .onConflict((oc) => oc.column('directKey').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (made) {
    await db
      .insertInto('chat_members')
      .values([...new Set([low, high])].map((userId) => ({ channelId: made.id, userId })))
      .execute()
  }
  return (await channelQuery(db)
    .where('chat_channels.directKey', '=', directKey)
    .executeTakeFirstOrThrow()) as ChannelRecord
}

export const insertGroupChannel = async (db: Executor, name: string): Promise<number> => {
  const now = nowIso()
  const row = await db
    .insertInto('chat_channels')
    .values({ kind: 'group', name, queueId: null, directKey: null, createdAt: now, updatedAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export const renameChannel = (db: Executor, id: number, name: string) =>
  db.updateTable('chat_channels').set({ name, updatedAt: nowIso() }).where('id', '=', id).execute()

/** Replaces a group channel's members (ids of users that exist). */
export const setChannelMembers = async (db: Executor, channelId: number, userIds: readonly number[]) => {
  await db.deleteFrom('chat_members').where('channelId', '=', channelId).execute()
  if (userIds.length === 0) return
  const existing = await db
    .selectFrom('users')
    .select('id')
    .where('id', 'in', [...userIds])
    .execute()
  if (existing.length === 0) return
  await db
    .insertInto('chat_members')
    .values(existing.map((u) => ({ channelId, userId: u.id })))
    .execute()
}

export const deleteChannel = (db: Executor, id: number) => db.deleteFrom('chat_channels').where('id', '=', id).execute()

/** A stored chat message with its author's name. */
const messageQuery = (db: Executor) =>
  db
    .selectFrom('chat_messages')
    .leftJoin('users', 'users.id', 'chat_messages.userId')
    .selectAll('chat_messages')
    .select('users.name as userName')

export type ChatMessageRecord = Awaited<ReturnType<ReturnType<typeof messageQuery>['executeTakeFirstOrThrow']>>

export const findChatMessage = (db: Executor, id: number) =>
  messageQuery(db).where('chat_messages.id', '=', id).executeTakeFirst()

/** A page of a channel, oldest first: `limit` messages before `before` (or the latest), and whether older remain. */
export const chatMessagePage = async (
  db: Executor,
  channelId: number,
  page: { before?: number; search?: string; limit: number },
) => {
  const rows = await messageQuery(db)
    .where('chat_messages.channelId', '=', channelId)
    .$if(page.before !== undefined, (q) => q.where('chat_messages.id', '<', page.before as number))
    .$if(Boolean(page.search), (q) =>
      q.where(lowerLike('chat_messages.body', containsPattern((page.search as string).toLowerCase()))),
    )
    .orderBy('chat_messages.id', 'desc')
    .limit(page.limit + 1)
    .execute()
  return { rows: rows.slice(0, page.limit).reverse(), hasMore: rows.length > page.limit }
}

export interface NewChatMessage {
  channelId: number
  userId: number
  body: string
  mediaType: string
  mediaPath: string | null
  mediaMime: string | null
  mediaSize: number | null
  mediaName: string | null
  ticketId: number | null
}

export const insertChatMessage = async (db: Executor, values: NewChatMessage): Promise<number> => {
  const now = nowIso()
  const row = await db
    .insertInto('chat_messages')
    .values({ ...values, createdAt: now })
    .returning('id')
    .executeTakeFirstOrThrow()
  await db.updateTable('chat_channels').set({ updatedAt: now }).where('id', '=', values.channelId).execute()
  return row.id
}

/** The users mentioned in chat messages, by message. */
export const mentionedInChat = async (db: Executor, messageIds: readonly number[]) => {
  const byMessage = new Map<number, number[]>()
  if (messageIds.length === 0) return byMessage
  const rows = await db
    .selectFrom('mentions')
    .select(['chatMessageId', 'userId'])
    .where('chatMessageId', 'in', [...messageIds])
    .orderBy('id')
    .execute()
  for (const r of rows)
    if (r.chatMessageId !== null) byMessage.set(r.chatMessageId, [...(byMessage.get(r.chatMessageId) ?? []), r.userId])
  return byMessage
}

/** Every user by name (whom a note may mention). */
export const listUserNames = (db: Executor): Promise<Member[]> =>
  db.selectFrom('users').select(['id', 'name']).orderBy('id').execute()
