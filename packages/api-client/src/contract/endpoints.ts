/**
 * Where each route of the API lives: its method and its path below `/api`, written once per domain in
 * `paths/<domain>.ts` and gathered here. The schemas of each route (params, query, body, response) sit
 * beside the domain's schemas (`queues.ts` for `paths/queues.ts` …) and are gathered in `routes.ts`.
 * These files stay free of zod so the fetcher, which runs on every page, can build addresses from them
 * without carrying the schemas.
 */
import { authPaths } from './paths/auth'
import { botsPaths } from './paths/bots'
import { chatPaths } from './paths/chat'
import { connectionsPaths } from './paths/connections'
import { contactsPaths } from './paths/contacts'
import { dashboardPaths } from './paths/dashboard'
import { groupsPaths } from './paths/groups'
import { healthPaths } from './paths/health'
import { instagramPaths } from './paths/instagram'
import { kanbanPaths } from './paths/kanban'
import { mailPaths } from './paths/mail'
import { messagesPaths } from './paths/messages'
import { outreachPaths } from './paths/outreach'
import { queuesPaths } from './paths/queues'
import { quickAnswersPaths } from './paths/quickAnswers'
import { settingsPaths } from './paths/settings'
import { simulatorPaths } from './paths/simulator'
import { tagsPaths } from './paths/tags'
import { telephonyPaths } from './paths/telephony'
import { templatesPaths } from './paths/templates'
import { ticketsPaths } from './paths/tickets'
import { usersPaths } from './paths/users'
import type { Endpoint } from './paths/verbs'
import { webhooksPaths } from './paths/webhooks'
import { widgetPaths } from './paths/widget'

export type { Endpoint, HttpMethod } from './paths/verbs'

export const endpoints = {
  ...healthPaths,
  ...authPaths,
  ...usersPaths,
  ...settingsPaths,
  ...connectionsPaths,
  ...contactsPaths,
  ...queuesPaths,
  ...quickAnswersPaths,
  ...dashboardPaths,
  ...ticketsPaths,
  ...messagesPaths,
  ...simulatorPaths,
  ...outreachPaths,
  ...groupsPaths,
  ...mailPaths,
  ...tagsPaths,
  ...kanbanPaths,
  ...botsPaths,
  ...widgetPaths,
  ...telephonyPaths,
  ...instagramPaths,
  ...templatesPaths,
  ...webhooksPaths,
  ...chatPaths,
} as const satisfies Record<string, Endpoint>

export type EndpointName = keyof typeof endpoints

/** The `:name` placeholders of a path, as an object type (`{ id: … }` for `/queue/:id`). */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? { [K in Name]: string | number } & PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? { [K in Name]: string | number }
    : Record<never, never>

export type EndpointParams<N extends EndpointName> = PathParams<(typeof endpoints)[N]['path']>

/** The path of a route with its placeholders filled in (each value URI-encoded). */
export const pathOf = <N extends EndpointName>(name: N, ...[params]: PathArgs<N>): string =>
  endpoints[name].path.replace(/:(\w+)/g, (_, key: string) => {
    const value = (params as Record<string, string | number> | undefined)?.[key]
    if (value === undefined) throw new Error(`${name}: missing path parameter ${key}`)
    return encodeURIComponent(String(value))
  })

/** No argument for a path without placeholders, the placeholders' values otherwise. */
export type PathArgs<N extends EndpointName> = keyof EndpointParams<N> extends never ? [] : [EndpointParams<N>]
