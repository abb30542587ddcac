/**
 * The embeddable widget: its own sessions, never the desk's.
 * Method and path of each route, free of zod: the schemas are in `../widget.ts`.
 */
import { get, post, put } from './verbs'

export const widgetPaths = {
  /** Public: what the loader and the frame need before a session (theme, origins, online). */
  widgetConfig: get('/widget/:connectionId/config'),
  /** Public: trade a partner token, or an anonymous visitor token, for a widget session. */
  widgetSession: post('/widget/:connectionId/session'),
  /** A partner backend with the `userApiToken` mints a partner token. */
  widgetToken: post('/widget/tokens'),
  /** The session's conversation (bearer: the widget session). */
  widgetMessages: get('/widget/messages'),
  widgetSend: post('/widget/messages'),
  widgetRead: post('/widget/read'),
  widgetContact: put('/widget/contact'),
  widgetQuickAnswers: get('/widget/quick-answers'),
  /** Admins: the web chat connection's signing secret, read and rotated. */
  widgetSecretGet: get('/widget/connections/:id/secret'),
  widgetSecretRotate: post('/widget/connections/:id/secret'),
} as const
