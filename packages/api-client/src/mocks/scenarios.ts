import { delay, HttpResponse, http } from 'msw'
import type { ErrorResponse, TicketListResponse, UserListResponse } from '../contract'

/**
 * One-off handlers for states the in-memory db does not reach on its own.
 * Put them before `handlers` (msw uses the first match).
 */
export const scenarios = {
  /** The users list never answers: loading state. */
  usersLoading: [http.get('*/api/users', () => delay('infinite'))],
  /** No users match. */
  usersEmpty: [
    http.get('*/api/users', () => HttpResponse.json<UserListResponse>({ users: [], hasMore: false, count: 0 })),
  ],
  /** The users list fails with a server error. */
  usersError: [
    http.get('*/api/users', () => HttpResponse.json<ErrorResponse>({ error: 'ERR_INTERNAL' }, { status: 500 })),
  ],
  /** Settings never answer: loading state. */
  settingsLoading: [http.get('*/api/settings', () => delay('infinite'))],
  /** Signup refused by the administrator. */
  signupDisabled: [
    http.post('*/api/auth/signup', () =>
      HttpResponse.json<ErrorResponse>({ error: 'ERR_USER_CREATION_DISABLED' }, { status: 403 }),
    ),
  ],
  /** Ticket lists never answer: skeletons. */
  ticketsLoading: [http.get('*/api/tickets', () => delay('infinite'))],
  /** No tickets in any list. */
  ticketsEmpty: [
    http.get('*/api/tickets', () => HttpResponse.json<TicketListResponse>({ tickets: [], hasMore: false, count: 0 })),
  ],
  /** Nothing in service: the open lists are empty, the other lists answer as usual. */
  nothingInService: [
    http.get('*/api/tickets', ({ request }) =>
      new URL(request.url).searchParams.get('status') === 'open'
        ? HttpResponse.json<TicketListResponse>({ tickets: [], hasMore: false, count: 0 })
        : undefined,
    ),
  ],
  /** A conversation whose messages never arrive. */
  messagesLoading: [http.get('*/api/messages/:ticketId', () => delay('infinite'))],
  /** Sending fails at the connection. */
  sendFails: [
    http.post('*/api/messages/:ticketId', () =>
      HttpResponse.json<ErrorResponse>({ error: 'ERR_SENDING_WAPP_MSG' }, { status: 400 }),
    ),
  ],
  /** Login rate-limited. */
  loginRateLimited: [
    http.post('*/api/auth/login', () =>
      HttpResponse.json<ErrorResponse>({ error: 'ERR_RATE_LIMITED' }, { status: 429 }),
    ),
  ],
}
