import type { BotKind } from '../../contract'
import { listQuery, type Requester, type RouteBody, type RouteQuery, routeCaller } from './types'

/** The route names of each kind's switches (`botOnN8n`, `botOffN8n` …). */
const switchRoute = (kind: BotKind, on: boolean) =>
  `bot${on ? 'On' : 'Off'}${kind.charAt(0).toUpperCase()}${kind.slice(1)}` as 'botOnN8n'

export const botsApi = (request: Requester) => {
  const call = routeCaller(request)
  return {
    /** The six switches of a ticket's contact. */
    ofTicket: (ticketId: number) => call('ticketBots', { params: { id: ticketId } }),
    /** The seed's `zdg…On|Off {msgFrom}` for one kind. */
    toggle: (kind: BotKind, number: string, on: boolean) => call(switchRoute(kind, on), { body: { msgFrom: number } }),
    /** Admins: the configuration of every kind (secrets never come back). */
    configs: () => call('botConfigList'),
    updateConfig: (kind: BotKind, body: RouteBody<'botConfigUpdate'>) =>
      call('botConfigUpdate', { params: { kind }, body }),
    test: (kind: BotKind, text: string) => call('botTest', { params: { kind }, body: { text } }),
    audit: (query: RouteQuery<'botAudit'> = {}) => call('botAudit', { query: listQuery({ ...query }) }),
  }
}
export type BotsApi = ReturnType<typeof botsApi>
