import { HttpResponse, http } from 'msw'
import type { ContactListResponse, ErrorResponse, TicketListResponse, UserListResponse } from '../contract'
import { countedByHandler, mockPath, mockRoute, neverAnswer } from './support'

/**
 * One-off handlers for states the in-memory db does not reach on its own.
 * Put them before `handlers` (msw uses the first match).
 */
const serverError = () => HttpResponse.json<ErrorResponse>({ error: 'ERR_INTERNAL' }, { status: 500 })

/**
 * GETs of `path` (those whose address `matches`, when given) answer 500 `ERR_INTERNAL` the first
 * `times` times, then fall through to the next handler: a list that fails and loads on Retry.
 * Make one per story (it counts its own calls).
 */
export const failsFirst = (
  path: string,
  { times = 1, matches }: { times?: number; matches?: (url: URL) => boolean } = {},
) => {
  let calls = 0
  countedByHandler(() => {
    calls = 0
  })
  return http.get(path, ({ request }) => {
    if (matches && !matches(new URL(request.url))) return undefined
    return calls++ < times ? serverError() : undefined
  })
}

/** GETs of `path` always answer 500 `ERR_INTERNAL`. */
export const failsAlways = (path: string) => http.get(path, serverError)

export const scenarios = {
  /** The users list never answers: loading state. */
  usersLoading: [mockRoute('userList', neverAnswer)],
  /** No users match. */
  usersEmpty: [
    mockRoute('userList', () => HttpResponse.json<UserListResponse>({ users: [], hasMore: false, count: 0 })),
  ],
  /** The users list fails with a server error. */
  usersError: [
    mockRoute('userList', () => HttpResponse.json<ErrorResponse>({ error: 'ERR_INTERNAL' }, { status: 500 })),
  ],
  /** Settings never answer: loading state. */
  settingsLoading: [mockRoute('settingList', neverAnswer)],
  /** Signup refused by the administrator (the login page offers none). */
  signupDisabled: [
    mockRoute('signupStatus', () => HttpResponse.json({ open: false })),
    mockRoute('signup', () =>
      HttpResponse.json<ErrorResponse>({ error: 'ERR_USER_CREATION_DISABLED' }, { status: 403 }),
    ),
  ],
  /** Ticket lists never answer: skeletons. */
  ticketsLoading: [mockRoute('ticketList', neverAnswer)],
  /** No tickets in any list. */
  ticketsEmpty: [
    mockRoute('ticketList', () => HttpResponse.json<TicketListResponse>({ tickets: [], hasMore: false, count: 0 })),
  ],
  /** Every ticket list fails with a server error. */
  ticketsError: [failsAlways(mockPath('ticketList'))],
  /** The contacts list never answers: loading state. */
  contactsLoading: [mockRoute('contactList', neverAnswer)],
  /** No contacts match. */
  contactsEmpty: [
    mockRoute('contactList', () => HttpResponse.json<ContactListResponse>({ contacts: [], hasMore: false, count: 0 })),
  ],
  /** The contacts list fails with a server error. */
  contactsError: [failsAlways(mockPath('contactList'))],
  /** Nothing in service: the open lists are empty, the other lists answer as usual. */
  nothingInService: [
    mockRoute('ticketList', ({ request }) =>
      new URL(request.url).searchParams.get('status') === 'open'
        ? HttpResponse.json<TicketListResponse>({ tickets: [], hasMore: false, count: 0 })
        : undefined,
    ),
  ],
  /** A conversation whose messages never arrive. */
  messagesLoading: [mockRoute('messageList', neverAnswer)],
  /** Sending fails at the connection (the network refused it: 502, as the server answers). */
  sendFails: [
    mockRoute('messageSend', () =>
      HttpResponse.json<ErrorResponse>({ error: 'ERR_SENDING_WAPP_MSG' }, { status: 502 }),
    ),
  ],
  /** Login rate-limited. */
  loginRateLimited: [
    mockRoute('login', () => HttpResponse.json<ErrorResponse>({ error: 'ERR_RATE_LIMITED' }, { status: 429 })),
  ],
}
