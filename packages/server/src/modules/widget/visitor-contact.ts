import type { WidgetContactRequest, WidgetContactResponse } from '@desk/api-client'
import type { z } from 'zod'
import { toContact } from '../contacts/service'
import { noPermission } from '../tickets/access'
import type { WidgetCaller, WidgetContext } from './caller'
import { fillVisitorContact, findOrCreateVisitor, visitorContactRow } from './repository'
import { visitorLabel } from './service'
import { tokenExpired } from './tokens'

type ContactInput = z.output<typeof WidgetContactRequest>

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

/**
 * A visitor's own name and e-mail (`PUT /widget/contact`, the offline form): they fill what their contact
 * lacks (the name the desk made up, no e-mail). What is stored stays: a name or address the partner vouched
 * for, an agent wrote, or the visitor gave before is the desk's to change. Answers what the desk keeps.
 * Leaving details on purpose makes the contact if their first message has not yet.
 */
export const createVisitorContact = (context: WidgetContext) => {
  const { db } = context

  const saveContact = async (caller: WidgetCaller, input: ContactInput): Promise<WidgetContactResponse> => {
    if (caller.mode !== 'customer') throw noPermission()
    const contactId = await ensureVisitorContact(context, caller)
    const filled = await fillVisitorContact(db, contactId, {
      name: input.name,
      madeUpName: visitorLabel(caller.identity),
      email: input.email,
    })
    const row = await visitorContactRow(db, contactId)
    if (!row) throw tokenExpired('The visitor is gone')
    if (filled) context.publisher.contact({ action: 'update', contact: toContact(row) })
    return { name: row.name, email: row.email || null }
  }

  return { saveContact }
}
