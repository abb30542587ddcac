import type { ChatChannel, ChatChannelEvent, ChatMessage, Mention } from '../contract'

/** Channels in the chat's order: general, queues, groups, then direct messages, each by name. */
const KIND_ORDER = { general: 0, queue: 1, group: 2, direct: 3 } as const
export const sortChannels = (channels: ChatChannel[]) =>
  [...channels].sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name) || a.id - b.id)

/** A channel event on the loaded list: an update replaces or adds the channel, a delete drops it. */
export const applyChannelEvent = (channels: ChatChannel[] | undefined, event: ChatChannelEvent) => {
  if (!channels) return channels
  if (event.action === 'delete') return channels.filter((c) => c.id !== event.channelId)
  return sortChannels([...channels.filter((c) => c.id !== event.channel.id), event.channel])
}

/**
 * A new message on the loaded list: its channel's latest time moves, and its unread count rises
 * unless the reader wrote it or is looking at that channel. A channel not loaded is fetched (`missing`).
 */
export const applyChatMessageToChannels = (
  channels: ChatChannel[] | undefined,
  message: ChatMessage,
  { userId, openChannelId }: { userId: number | null; openChannelId: number | null },
) => {
  if (!channels) return { channels, missing: false }
  const channel = channels.find((c) => c.id === message.channelId)
  if (!channel) return { channels, missing: true }
  const counts = message.userId !== userId && message.channelId !== openChannelId
  return {
    channels: channels.map((c) =>
      c.id === message.channelId
        ? { ...c, lastMessageAt: message.createdAt, unread: counts ? c.unread + 1 : c.unread }
        : c,
    ),
    missing: false,
  }
}

/** Messages of a channel, oldest first, each once (a live echo of one already shown is dropped). */
export const mergeChatMessages = (older: ChatMessage[], newer: ChatMessage[]) => {
  const byId = new Map<number, ChatMessage>()
  for (const m of [...older, ...newer]) if (!byId.has(m.id)) byId.set(m.id, m)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/** A new mention on top of the loaded ones (each once). */
export const addMention = (mentions: Mention[] | undefined, mention: Mention) =>
  mentions ? [mention, ...mentions.filter((m) => m.id !== mention.id)] : mentions
