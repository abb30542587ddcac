import type { Mention, MentionKind } from '@desk/api-client'
import type { Db } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import type { Actor } from '../users/repository'
import {
  findMentionOf,
  findMentions,
  insertMentions,
  type MentionRecord,
  markMentionRead,
  mentionsOf,
  type NewMention,
} from './mentions-repository'

/** How many mentions the bell lists. */
const MENTIONS_SHOWN = 50
const EXCERPT = 140

const excerptOf = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > EXCERPT ? `${flat.slice(0, EXCERPT - 1)}…` : flat
}

const toMention = (row: MentionRecord): Mention => ({
  id: row.id,
  kind: row.kind as MentionKind,
  by: row.byUserId !== null && row.byName ? { id: row.byUserId, name: row.byName } : null,
  channelId: row.channelId ?? null,
  // A direct channel is the writer's name for the person mentioned.
  channelName:
    row.channelKind === 'general'
      ? 'general'
      : row.channelKind === 'queue'
        ? (row.queueName ?? null)
        : row.channelKind === 'direct'
          ? (row.byName ?? null)
          : (row.channelName ?? null),
  ticketId: row.ticketId,
  contactName: row.contactName ?? null,
  excerpt: excerptOf(row.kind === 'note' ? (row.noteBody ?? '') : (row.chatBody ?? '')),
  read: row.readAt !== null,
  createdAt: row.createdAt,
})

/** Mentions: stored for each person named, told to them live (the bell and the browser notification). */
export const createChatMentions = ({ db, publisher }: { db: Db; publisher: Publisher }) => {
  const notify = async (by: Actor, named: Array<Omit<NewMention, 'byUserId'>>): Promise<void> => {
    const ids = await insertMentions(
      db,
      named.map((m) => ({ ...m, byUserId: by.id })),
    )
    for (const row of await findMentions(db, ids)) {
      publisher.mention({ action: 'create', mention: toMention(row) }, row.userId)
    }
  }

  const list = async (actor: Actor): Promise<Mention[]> =>
    (await mentionsOf(db, actor.id, MENTIONS_SHOWN)).map(toMention)

  const read = async (actor: Actor, id: number): Promise<Mention> => {
    await markMentionRead(db, id, actor.id)
    const row = await findMentionOf(db, id, actor.id)
    if (!row) throw new AppError('ERR_NOT_FOUND', 404, undefined, 'Mention not found')
    return toMention(row)
  }

  return { notify, list, read }
}

export type ChatMentions = ReturnType<typeof createChatMentions>
