import { HttpResponse } from 'msw'
import { CONTACTS_PAGE_SIZE, type Contact, type ContactListResponse } from '../../contract'
import { contactMatches } from '../../rules'
import {
  callerOf,
  type DeskHandlerContext,
  fail,
  isAdmin,
  noContent,
  pageParams,
  type RouteResolver,
  slice,
  stamp,
} from '../support'

/** As the server names it: the number field. */
const duplicateNumberField = { path: 'number', message: 'ERR_DUPLICATED_CONTACT' }

/** `/contacts` CRUD, import, export (`/contactsZDG`) and delete-all (`/delContacts`). */
export function contactHandlers({ db, route, wait }: DeskHandlerContext) {
  const duplicate = (number: string | null | undefined, exceptId?: number) =>
    !!number && db.contacts.some((c) => c.number === number && c.id !== exceptId)
  type Row = { id?: number; name: string; value: string }
  /**
   * The rows saved as the server saves them: a row with the id of one of the contact's rows
   * keeps it, any other gets a new one, rows left out go; listed oldest first.
   */
  const extra = (rows: Row[], current: Row[] = []) => {
    const own = new Set(current.map((r) => r.id))
    const kept = new Set<number>()
    return rows
      .map(({ id, name, value }) => {
        const keep = id !== undefined && own.has(id) && !kept.has(id)
        if (keep) kept.add(id)
        return { id: keep ? id : db.nextId++, name, value }
      })
      .sort((a, b) => a.id - b.id)
  }
  /** A contact as the server answers it: with its extra-info rows, none being `[]`. */
  const full = (contact: Contact): Contact => ({ ...contact, extraInfo: contact.extraInfo ?? [] })

  const create: RouteResolver<'contactCreate'> = async ({ request, body }) => {
    await wait()
    const me = callerOf(db, request)
    if (me.response) return me.response
    const { data, response } = await body()
    if (response) return response
    if (duplicate(data.number)) return fail(400, 'ERR_DUPLICATED_CONTACT', { fields: [duplicateNumberField] })
    const contact: Contact = {
      id: db.nextId++,
      name: data.name,
      number: data.number,
      email: data.email,
      profilePicUrl: null,
      isGroup: false,
      extraInfo: extra(data.extraInfo),
      createdAt: stamp(db),
      updatedAt: stamp(db),
    }
    db.contacts.push(contact)
    return HttpResponse.json(contact)
  }

  return [
    route('contactList', async ({ request }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const { search, page } = pageParams(request)
      const matching = db.contacts.filter((c) => contactMatches(c, search)).sort((a, b) => a.name.localeCompare(b.name))
      const { items, hasMore, count } = slice(matching, page, CONTACTS_PAGE_SIZE)
      return HttpResponse.json<ContactListResponse>({ contacts: items.map(full), hasMore, count })
    }),
    route('contactGet', async ({ request, params }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const contact = db.contacts.find((c) => c.id === Number(params.id))
      return contact ? HttpResponse.json(full(contact)) : fail(404, 'ERR_NO_CONTACT_FOUND')
    }),
    route('contactImport', async ({ request }) => {
      await wait()
      const me = callerOf(db, request)
      return me.response ?? HttpResponse.json({ added: 0, skipped: db.contacts.length })
    }),
    route('contactCreate', create),
    route('contactCreateSingular', create),
    route('contactUpdate', async ({ request, params, body }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const index = db.contacts.findIndex((c) => c.id === Number(params.id))
      if (index < 0) return fail(404, 'ERR_NO_CONTACT_FOUND')
      const { data, response } = await body()
      if (response) return response
      if (duplicate(data.number, db.contacts[index].id))
        return fail(400, 'ERR_DUPLICATED_CONTACT', { fields: [duplicateNumberField] })
      const { extraInfo, ...rest } = data
      const contact: Contact = {
        ...db.contacts[index],
        ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)),
        ...(extraInfo ? { extraInfo: extra(extraInfo, db.contacts[index].extraInfo) } : {}),
        updatedAt: stamp(db),
      }
      db.contacts[index] = contact
      db.tickets = db.tickets.map((t) => (t.contactId === contact.id ? { ...t, contact } : t))
      return HttpResponse.json(full(contact))
    }),
    route('contactDelete', async ({ request, params }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      if (!isAdmin(me.user)) return fail(403, 'ERR_NO_PERMISSION')
      const contact = db.contacts.find((c) => c.id === Number(params.id))
      if (!contact) return fail(404, 'ERR_NO_CONTACT_FOUND')
      db.contacts = db.contacts.filter((c) => c !== contact)
      return noContent()
    }),
    route('contactExport', async ({ request }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      const rows = [...db.contacts]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map(({ name, number, email }) => ({ name, number, email }))
      return HttpResponse.json(rows)
    }),
    route('contactDeleteAll', async ({ request }) => {
      await wait()
      const me = callerOf(db, request)
      if (me.response) return me.response
      if (!isAdmin(me.user)) return fail(403, 'ERR_NO_PERMISSION')
      const counts = {
        contacts: db.contacts.length,
        tickets: db.tickets.length,
        messages: db.messages.length,
        cards: 0,
      }
      Object.assign(db, { contacts: [], tickets: [], messages: [] })
      return HttpResponse.json(counts)
    }),
  ]
}
