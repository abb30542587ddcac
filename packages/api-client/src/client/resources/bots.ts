import type {
  BotAuditQuery,
  BotAuditResponse,
  BotConfig,
  BotConfigUpdateRequest,
  BotKind,
  BotTestResponse,
  BotToggleResponse,
  TicketBotsResponse,
} from '../../contract'
import { listQuery, type Requester, routeCaller } from './types'

export interface BotsApi {
  /** The six switches of a ticket's contact. */
  ofTicket(ticketId: number): Promise<TicketBotsResponse>
  /** The seed's `zdg…On|Off {msgFrom}` for one kind. */
  toggle(kind: BotKind, number: string, on: boolean): Promise<BotToggleResponse>
  /** Admins: the configuration of every kind (secrets never come back). */
  configs(): Promise<BotConfig[]>
  updateConfig(kind: BotKind, body: BotConfigUpdateRequest): Promise<BotConfig>
  test(kind: BotKind, text: string): Promise<BotTestResponse>
  audit(query?: BotAuditQuery): Promise<BotAuditResponse>
}

/** The route names of each kind's switches (`botOnN8n`, `botOffN8n` …). */
const switchRoute = (kind: BotKind, on: boolean) =>
  `bot${on ? 'On' : 'Off'}${kind.charAt(0).toUpperCase()}${kind.slice(1)}` as 'botOnN8n'

export const botsApi = (request: Requester): BotsApi => {
  const call = routeCaller(request)
  return {
    ofTicket: (id) => call('ticketBots', { params: { id } }),
    toggle: (kind, number, on) => call(switchRoute(kind, on), { body: { msgFrom: number } }),
    configs: () => call('botConfigList'),
    updateConfig: (kind, body) => call('botConfigUpdate', { params: { kind }, body }),
    test: (kind, text) => call('botTest', { params: { kind }, body: { text } }),
    audit: (query = {}) => call('botAudit', { query: listQuery({ ...query }) }),
  }
}
