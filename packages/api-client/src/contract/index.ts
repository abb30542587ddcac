/**
 * The contract shared by the server, the app and the widget: zod schemas for
 * every entity, request and response, the error codes, the socket event map, and the pure rules (`../rules`).
 * This entry never imports React.
 */

export * from '../rules'
export * from './auth'
export * from './common'
export * from './connections'
export * from './contacts'
export * from './dashboard'
export * from './endpoints'
export * from './entities'
export * from './errors'
export * from './kanban'
export * from './mail'
export * from './messages'
export * from './outreach'
export * from './queues'
export * from './quickAnswers'
export * from './routes'
export * from './settings'
export * from './simulator'
export * from './socket'
export * from './tags'
export * from './telephony'
export * from './text'
export * from './tickets'
export * from './users'
export * from './validation'
export * from './webhooks'
export * from './widget'
