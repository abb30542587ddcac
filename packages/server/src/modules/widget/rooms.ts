import { createHash } from 'node:crypto'

/**
 * The socket rooms of widget frames. A frame's socket sits in its conversation's rooms and in its
 * connection's room (presence, and the end of every session when the secret is rotated), never in
 * a desk room. Room names are data, so any process on the socket.io adapter reaches them.
 */
export const widgetRooms = {
  /**
   * A visitor's conversation (customer mode): every ticket of their contact on that connection. Named
   * by the visitor's identity (`visitorKey`), which exists before their contact does.
   */
  visitor: (connectionId: number, visitor: string) => `widget:visitor:${connectionId}:${visitor}`,
  /** Every frame of one visitor's contact, on any connection (the contact's deletion ends them). */
  contact: (contactId: number) => `widget:contact:${contactId}`,
  /**
   * One ticket shown in a partner's staff portal (agent mode), on the connection it is on. As a desk
   * conversation (`topics.chatBox`), a portal's socket also sits in the ticket's scoped room for its
   * user (`T:admins` or `T:u:<id>`), and a message reaches only the rooms of the ticket's audience.
   */
  ticket: (connectionId: number, ticketId: number) => `widget:ticket:${connectionId}:${ticketId}`,
  /** Every portal frame of one desk user (their deletion ends them, a profile change rescopes them). */
  user: (userId: number) => `widget:user:${userId}`,
  connection: (connectionId: number) => `widget:connection:${connectionId}`,
} as const

/** A visitor's identity as rooms and counters name it: a short digest (a partner's identifier stays out of logs). */
export const visitorKey = (identity: string) => createHash('sha256').update(identity).digest('base64url').slice(0, 22)
