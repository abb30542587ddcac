/**
 * Rows that fixtures write straight to the database, bypassing the API (many rows at once, or a schema
 * from before a migration under test). Each builder gives every column a test does not name its empty
 * value and stamps `createdAt`/`updatedAt` with `at`; the fields passed win. Only columns that exist
 * since the first migrations are filled, so the rows also fit an older schema.
 */

type Profile = 'admin' | 'user'
type TicketStatus = 'open' | 'pending' | 'closed'

const stamped = (at: string) => ({ createdAt: at, updatedAt: at })

/** A user who cannot log in (the hash is not a hash): for services called without HTTP. */
export const userRow = <F extends { name: string; email: string; profile?: Profile }>(fields: F, at: string) => ({
  passwordHash: 'x',
  profile: 'user' as Profile,
  whatsappId: null,
  language: null,
  ...stamped(at),
  ...fields,
})

export const contactRow = <F extends { name: string; number: string | null }>(fields: F, at: string) => ({
  email: null,
  profilePicUrl: null,
  isGroup: 0,
  ...stamped(at),
  ...fields,
})

export const queueRow = <F extends { name: string; color: string }>(fields: F, at: string) => ({
  greetingMessage: null,
  ...stamped(at),
  ...fields,
})

/** A simulator connection that was never paired. */
export const connectionRow = <F extends { name: string }>(fields: F, at: string) => ({
  status: 'DISCONNECTED',
  qrcode: null,
  isDefault: 0,
  greetingMessage: null,
  farewellMessage: null,
  driver: 'simulator',
  ...stamped(at),
  ...fields,
})

/** A ticket nobody holds, in no queue and on no connection, unless `fields` says otherwise. */
export const ticketRow = <F extends { status: TicketStatus; contactId: number }>(fields: F, at: string) => ({
  userId: null,
  queueId: null,
  whatsappId: null,
  isGroup: 0,
  lastMessage: null,
  unreadMessages: 0,
  queueMenuSent: 0,
  ...stamped(at),
  ...fields,
})

/** A read text message from the customer (no contact named), unless `fields` says otherwise. */
export const messageRow = <F extends { ticketId: number; body: string }>(fields: F, at: string) => ({
  contactId: null,
  userId: null,
  whatsappId: null,
  providerMessageId: null,
  fromMe: 0,
  read: 1,
  mediaType: 'chat',
  mediaPath: null,
  mediaMime: null,
  ack: 0,
  isDeleted: 0,
  quotedMsgId: null,
  error: null,
  ...stamped(at),
  ...fields,
})
