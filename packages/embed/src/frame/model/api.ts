import type {
  WidgetConfig,
  WidgetContactRequest,
  WidgetContactResponse,
  WidgetMessage,
  WidgetMessagesQuery,
  WidgetMessagesResponse,
  WidgetQuickAnswer,
  WidgetSession,
  WidgetSessionRequest,
} from '@desk/api-client/contract'
import type { endpoints } from '@desk/api-client/endpoints'

type Name =
  | 'widgetConfig'
  | 'widgetSession'
  | 'widgetMessages'
  | 'widgetSend'
  | 'widgetRead'
  | 'widgetContact'
  | 'widgetQuickAnswers'

/**
 * The frame's routes, as the route table declares them: the type checks each method and path against
 * `endpoints`, and the frame does not download the whole table (≈1 kB gzip) for these seven.
 */
const ROUTES = {
  widgetConfig: ['GET', '/widget/:connectionId/config'],
  widgetSession: ['POST', '/widget/:connectionId/session'],
  widgetMessages: ['GET', '/widget/messages'],
  widgetSend: ['POST', '/widget/messages'],
  widgetRead: ['POST', '/widget/read'],
  widgetContact: ['PUT', '/widget/contact'],
  widgetQuickAnswers: ['GET', '/widget/quick-answers'],
} as const satisfies { [N in Name]: readonly [(typeof endpoints)[N]['method'], (typeof endpoints)[N]['path']] }

/** A failed call: the desk's error code (`ERR_WIDGET_TOKEN_EXPIRED` …), or `ERR_NETWORK` when it was not reached. */
export class WidgetApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code)
  }
}

/**
 * The frame's few calls to `/api/widget`, over `fetch`: no schemas (the server validates what it
 * receives and answers in the contract's shapes), no retries of its own, the session as bearer token.
 */
export function createWidgetApi(deskOrigin: string, connectionId: number | string) {
  let sessionToken: string | null = null
  const call = async <T>(
    name: Name,
    { body, query }: { body?: unknown; query?: Record<string, unknown> } = {},
  ): Promise<T> => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value))
    const search = params.size > 0 ? `?${params}` : ''
    const [method, template] = ROUTES[name]
    const path = template.replace(':connectionId', encodeURIComponent(String(connectionId)))
    const headers: Record<string, string> = {}
    if (sessionToken) headers.Authorization = `Bearer ${sessionToken}`
    if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json'
    let response: Response
    try {
      response = await fetch(`${deskOrigin}/api${path}${search}`, {
        method,
        headers,
        body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      })
    } catch {
      throw new WidgetApiError(0, 'ERR_NETWORK')
    }
    if (response.status === 204) return undefined as T
    const data = await response.json().catch(() => null)
    if (!response.ok) throw new WidgetApiError(response.status, data?.error ?? 'ERR_UNKNOWN')
    return data as T
  }
  return {
    setSession: (token: string | null) => {
      sessionToken = token
    },
    config: () => call<WidgetConfig>('widgetConfig'),
    session: (body: WidgetSessionRequest) => call<WidgetSession>('widgetSession', { body }),
    messages: (query: WidgetMessagesQuery) => call<WidgetMessagesResponse>('widgetMessages', { query: { ...query } }),
    send: (clientId: string, body: string, files: readonly File[] = []) => {
      if (files.length === 0) return call<WidgetMessage>('widgetSend', { body: { clientId, body } })
      const form = new FormData()
      form.set('clientId', clientId)
      form.set('body', body)
      for (const file of files) form.append('medias', file)
      return call<WidgetMessage>('widgetSend', { body: form })
    },
    read: (upTo: number) => call<void>('widgetRead', { body: { upTo } }),
    /** Answers what the desk keeps: a field the visitor may not change shows its stored value. */
    contact: (body: WidgetContactRequest) => call<WidgetContactResponse>('widgetContact', { body }),
    quickAnswers: (search: string) => call<WidgetQuickAnswer[]>('widgetQuickAnswers', { query: { search } }),
  }
}
export type WidgetApi = ReturnType<typeof createWidgetApi>
