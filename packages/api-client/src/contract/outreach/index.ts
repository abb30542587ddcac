/**
 * Outreach and automation (seed 001). The seed's browser looped over the numbers
 * itself and had to stay open; here every sending call creates a server-side job
 * that works through the list, waits the chosen interval, and reports progress as
 * `job` socket events. The calls keep the seed's paths; their bodies carry the
 * whole list instead of one number. `token` (the `userApiToken` setting) is
 * accepted for the seed's clients; the session authenticates the caller.
 * `ticketwhatsappId` is the dispatch id: a CONNECTED connection.
 */

export * from './automation'
export * from './bots'
export * from './bulk'
export * from './channels'
export * from './files'
export * from './groups'
export * from './jobs'
export * from './numbers'
export * from './opt-outs'
export * from './sends'
