/**
 * The contract shared by the server, the app and the widget: zod schemas for
 * every entity, request and response, the error codes, and the socket event map.
 * This entry never imports React.
 */

export * from './auth'
export * from './entities'
export * from './errors'
export * from './settings'
export * from './socket'
export * from './users'
export * from './validation'
