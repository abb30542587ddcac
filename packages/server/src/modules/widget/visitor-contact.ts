import type { WidgetContactRequest, WidgetContactResponse } from '@desk/api-client'
import type { z } from 'zod'
import { toContact } from '../contacts/service'
import { noPermission } from '../tickets/access'
import type { WidgetCaller, WidgetContext } from './caller'
import { fillVisitorContact, identityOfVisitor, visitorContactRow } from './repository'
import { visitorLabel } from './service'
import { tokenExpired } from './tokens'

type ContactInput = z.output<typeof WidgetContactRequest>

/**
 * A visitor's own name and e-mail (`PUT /widget/contact`, the offline form): they fill what their contact
 * lacks (the name the desk made up, no e-mail). What is stored stays: a name or address the partner vouched
 * for, an agent wrote, or the visitor gave before is the desk's to change. Answers what the desk keeps.
 */
export const createVisitorContact = (context: WidgetContext) => {
  const { db } = context

  const saveContact = async (caller: WidgetCaller, input: ContactInput): Promise<WidgetContactResponse> => {
    if (caller.mode !== 'customer') throw noPermission()
    const identity = await identityOfVisitor(db, caller.connection.id, caller.contactId)
    const filled = await fillVisitorContact(db, caller.contactId, {
      name: input.name,
      madeUpName: identity === undefined ? undefined : visitorLabel(identity),
      email: input.email,
    })
    const row = await visitorContactRow(db, caller.contactId)
    if (!row) throw tokenExpired('The visitor is gone')
    if (filled) context.publisher.contact({ action: 'update', contact: toContact(row) })
    return { name: row.name, email: row.email || null }
  }

  return { saveContact }
}
