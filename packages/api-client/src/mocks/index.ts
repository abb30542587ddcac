/**
 * msw handlers and fixtures built on the contract, shared by stories and tests.
 * `handlers` answers like the server for auth, users and settings, from one in-memory db
 * (signed in as the fixture admin; every fixture user's password is `fixtures.password`).
 * `createMockSocketServer` stands in for the live socket, to deliver server events by hand.
 */
import { createHandlers } from './handlers'

export { createMockDb, type MockDb, type MockDbSeed } from './db'
export { groupFixtures, MOCK_OWN_NUMBER, type MockGroup } from './desk/groups'
export { mailFixtures } from './desk/mail'
export { tagFixtures } from './desk/tags'
export { cloudApiConnection, templateFixtures } from './desk/templates'
export { type WidgetMockState, widgetStateOf } from './desk/widget'
export { WIDGET_CONNECTION_ID, WIDGET_TOKENS, widgetFixtures } from './desk/widgetFixtures'
export { deskFixtures } from './deskFixtures'
export { fixtures, MOCK_API_TOKEN, MOCK_PASSWORD, mockTokenFor } from './fixtures'
export { createHandlers, type MockHandlerOptions } from './handlers'
export { outreachFixtures } from './outreachFixtures'
export { failsAlways, failsFirst, scenarios } from './scenarios'
export {
  closeMockSockets,
  createMockSocketServer,
  type MockSocketConnection,
  type MockSocketServer,
  type ServerEvent,
  type ServerEventPayload,
} from './socket'
export {
  answerOf,
  MOCK_NOW,
  type MockAnswer,
  mockPath,
  mockRoute,
  neverAnswer,
  neverAnsweredRequests,
  type RouteResolver,
  requestKey,
} from './support'

const defaults = createHandlers()

/** The db behind `handlers`; `mockDb.reset()` restores the fixtures. */
export const mockDb = defaults.db
export const authHandlers = defaults.auth
export const usersHandlers = defaults.users
export const settingsHandlers = defaults.settings
export const ticketsHandlers = defaults.tickets
export const messagesHandlers = defaults.messages
export const contactsHandlers = defaults.contacts
export const queuesHandlers = defaults.queues
export const quickAnswersHandlers = defaults.quickAnswers
export const dashboardHandlers = defaults.dashboard
export const connectionsHandlers = defaults.connections
export const outreachHandlers = defaults.outreach
export const optOutsHandlers = defaults.optOuts
export const groupsHandlers = defaults.groups
export const widgetHandlers = defaults.widget
export const handlers = defaults.all
