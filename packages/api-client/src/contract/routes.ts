/**
 * The route table: every route with its method, path and schemas, gathered from the domains. A route is
 * declared once, in its domain: method and path in `paths/<domain>.ts`, schemas beside the domain's own
 * (`defineRoutes` in `queues.ts`, `outreach/bots.ts` …). The server registers from this table, the
 * client's calls and the msw handlers are typed by it.
 */

import type { z } from 'zod'
import { authRoutes } from './auth'
import { chatRoutes } from './chat'
import { connectionsRoutes } from './connections'
import { contactsRoutes } from './contacts'
import { dashboardRoutes } from './dashboard'
import type { EndpointName } from './endpoints'
import { healthRoutes } from './health'
import { instagramRoutes } from './instagram-routes'
import { kanbanRoutes } from './kanban'
import { mailRoutes } from './mail'
import { messagesRoutes } from './messages'
import { botsRoutes } from './outreach/bots'
import { groupsRoutes } from './outreach/groups'
import { outreachRoutes } from './outreach/routes'
import { queuesRoutes } from './queues'
import { quickAnswersRoutes } from './quickAnswers'
import type { RouteOf, RouteSchemas } from './route'
import { settingsRoutes } from './settings'
import { simulatorRoutes } from './simulator'
import { tagsRoutes } from './tags'
import { telephonyRoutes } from './telephony-routes'
import { templatesRoutes } from './templates'
import { ticketsRoutes } from './tickets'
import { usersRoutes } from './users'
import { webhooksRoutes } from './webhooks'
import { widgetRoutes } from './widget'

export type { RouteOf, RouteSchemas } from './route'

export const routes = {
  ...healthRoutes,
  ...authRoutes,
  ...usersRoutes,
  ...settingsRoutes,
  ...connectionsRoutes,
  ...contactsRoutes,
  ...queuesRoutes,
  ...quickAnswersRoutes,
  ...dashboardRoutes,
  ...ticketsRoutes,
  ...messagesRoutes,
  ...simulatorRoutes,
  ...outreachRoutes,
  ...groupsRoutes,
  ...mailRoutes,
  ...tagsRoutes,
  ...kanbanRoutes,
  ...botsRoutes,
  ...widgetRoutes,
  ...telephonyRoutes,
  ...instagramRoutes,
  ...templatesRoutes,
  ...webhooksRoutes,
  ...chatRoutes,
} satisfies { [N in EndpointName]: RouteOf<N, RouteSchemas> }

export type Routes = typeof routes
export type RouteName = keyof Routes
export type Route = Routes[RouteName]

/** What a route answers: the output of its `response` schema, nothing for a 204 or a file. */
export type RouteAnswer<N extends RouteName> = Routes[N] extends { response: infer S extends z.ZodType }
  ? z.output<S>
  : undefined

/** The JSON body a route takes (what its `body` schema accepts), `never` when it takes none. */
export type RouteBody<N extends RouteName> = Routes[N] extends { body: infer S extends z.ZodType } ? z.input<S> : never

/** The query a route reads (what its `query` schema accepts), `never` when it reads none. */
export type RouteQuery<N extends RouteName> = Routes[N] extends { query: infer S extends z.ZodType }
  ? z.input<S>
  : never
