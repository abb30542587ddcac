/**
 * The socket rooms of widget frames. A frame's socket sits in its conversation's room and in its
 * connection's room (presence, and the end of every session when the secret is rotated), never in
 * a desk room. Room names are data, so any process on the socket.io adapter reaches them.
 */
export const widgetRooms = {
  /** A visitor's conversation (customer mode): every ticket of that contact on that connection. */
  visitor: (connectionId: number, contactId: number) => `widget:visitor:${connectionId}:${contactId}`,
  /** One ticket shown in a partner's staff portal (agent mode). */
  ticket: (ticketId: number) => `widget:ticket:${ticketId}`,
  connection: (connectionId: number) => `widget:connection:${connectionId}`,
} as const
