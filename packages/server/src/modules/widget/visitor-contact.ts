import type { WidgetCaller, WidgetContext } from './caller'
import { findOrCreateVisitor } from './repository'

/**
 * The visitor's contact, made when they first write (a message, or their name or e-mail): a session
 * alone makes nothing, so opening sessions fills neither the contacts nor the waiting list. Two first
 * messages at once make one contact (`findOrCreateVisitor`); the desk hears of a new one.
 */
export const ensureVisitorContact = async (
  context: Pick<WidgetContext, 'db' | 'publisher'>,
  caller: WidgetCaller & { mode: 'customer' },
): Promise<number> => {
  if (caller.contactId !== null) return caller.contactId
  const { contact, created } = await findOrCreateVisitor(context.db, caller.connection.id, caller.identity, caller.seed)
  if (created) {
    context.publisher.contact({ action: 'create', contact: { ...contact, number: null, profilePicUrl: null } })
  }
  return contact.id
}
