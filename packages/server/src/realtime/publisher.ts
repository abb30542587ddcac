import type { Setting, UserEvent } from '@desk/api-client'

/**
 * What the services announce. The socket layer decides who hears it; services stay free of
 * socket.io so they can be tested (and used from the CLI) without a server.
 */
export interface Publisher {
  /** A user was created, updated or deleted: admins and the user concerned hear it. */
  user(event: UserEvent): void
  /** A setting changed: every signed-in user hears it; the API token only reaches admins. */
  settings(setting: Setting): void
}

export const silentPublisher: Publisher = { user: () => {}, settings: () => {} }

/** Records events, for tests. */
export const recordingPublisher = () => {
  const events: Array<{ kind: 'user'; event: UserEvent } | { kind: 'settings'; setting: Setting }> = []
  const publisher: Publisher = {
    user: (event) => events.push({ kind: 'user', event }),
    settings: (setting) => events.push({ kind: 'settings', setting }),
  }
  return { publisher, events }
}
