import { useCallback, useEffect, useState } from 'react'
import useSWR from 'swr'
import type { ApiError } from '../client'
import type {
  BotAuditEntry,
  BotConfig,
  BotConfigUpdateRequest,
  BotEvent,
  BotKind,
  BotSwitch,
  BotTestResponse,
  TicketBotsResponse,
} from '../contract'
import { useApiContext } from './context'

const botsKey = (ticketId: number) => `ticketBots:${ticketId}`

export interface UseTicketBotsResult {
  switches: BotSwitch[]
  isLoading: boolean
  error: ApiError | undefined
  /** The kind whose switch is being changed. */
  pendingKind: BotKind | null
  /** Switches one bot on or off for the ticket's contact; the answer (and the live event) update the row. */
  toggle(kind: BotKind, on: boolean): Promise<void>
}

/**
 * The six bot switches of a ticket's contact, kept live: whoever may see one of the contact's
 * tickets hears `bot` events when anyone switches, an agent's reply pauses, a stop word ends or a
 * bot fails.
 */
export function useTicketBots(ticketId: number | null): UseTicketBotsResult {
  const { client, socket } = useApiContext()
  const key = ticketId ? botsKey(ticketId) : null
  const { data, error, isLoading, mutate } = useSWR<TicketBotsResponse, ApiError>(key, () =>
    client.bots.ofTicket(ticketId as number),
  )
  const [pendingKind, setPending] = useState<BotKind | null>(null)

  const apply = useCallback(
    (next: BotSwitch) =>
      mutate(
        (current) =>
          current && { ...current, switches: current.switches.map((s) => (s.kind === next.kind ? next : s)) },
        { revalidate: false },
      ),
    [mutate],
  )

  // The switches are the contact's: an event names the contact and its newest ticket, and reaches
  // every conversation of that contact.
  const contactId = data?.contactId
  useEffect(() => {
    if (!socket || !ticketId) return
    const onBot = (event: BotEvent) => {
      if (event.ticketId === ticketId || event.contactId === contactId) void apply(event.switch)
    }
    socket.on('bot', onBot)
    return () => {
      socket.off('bot', onBot)
    }
  }, [socket, ticketId, contactId, apply])

  const toggle = useCallback(
    async (kind: BotKind, on: boolean) => {
      if (!data) return
      setPending(kind)
      try {
        const { status: _status, number: _number, ...next } = await client.bots.toggle(kind, data.number, on)
        await apply(next)
      } finally {
        setPending(null)
      }
    },
    [client, data, apply],
  )

  return { switches: data?.switches ?? [], isLoading, error, pendingKind, toggle }
}

export interface UseBotConfigsResult {
  configs: BotConfig[] | undefined
  isLoading: boolean
  error: ApiError | undefined
  reload(): void
  save(kind: BotKind, body: BotConfigUpdateRequest): Promise<BotConfig>
  test(kind: BotKind, text: string): Promise<BotTestResponse>
}

/** Admins: the bots' configuration, saved one kind at a time. */
export function useBotConfigs(): UseBotConfigsResult {
  const { client } = useApiContext()
  const { data, error, isLoading, mutate } = useSWR<BotConfig[], ApiError>('botConfigs', () => client.bots.configs())
  const save = useCallback(
    async (kind: BotKind, body: BotConfigUpdateRequest) => {
      const saved = await client.bots.updateConfig(kind, body)
      await mutate((current) => current?.map((c) => (c.kind === kind ? saved : c)), { revalidate: false })
      return saved
    },
    [client, mutate],
  )
  const test = useCallback((kind: BotKind, text: string) => client.bots.test(kind, text), [client])
  return { configs: data, isLoading, error, reload: () => void mutate(), save, test }
}

export interface UseBotAuditResult {
  entries: BotAuditEntry[]
  isLoading: boolean
  error: ApiError | undefined
  hasMore: boolean
  loadMore(): void
  reload(): void
}

/** Admins: who switched which bot, newest first, a page at a time. */
export function useBotAudit(): UseBotAuditResult {
  const { client } = useApiContext()
  const [pages, setPages] = useState(1)
  const { data, error, isLoading, mutate } = useSWR<{ entries: BotAuditEntry[]; hasMore: boolean }, ApiError>(
    ['botAudit', pages],
    async () => {
      const all: BotAuditEntry[] = []
      let hasMore = false
      for (let page = 1; page <= pages; page++) {
        const answer = await client.bots.audit({ pageNumber: page })
        all.push(...answer.entries)
        hasMore = answer.hasMore
      }
      return { entries: all, hasMore }
    },
    { keepPreviousData: true },
  )
  return {
    entries: data?.entries ?? [],
    isLoading,
    error,
    hasMore: data?.hasMore ?? false,
    loadMore: () => setPages((n) => n + 1),
    reload: () => void mutate(),
  }
}
