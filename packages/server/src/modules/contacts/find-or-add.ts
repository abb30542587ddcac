import type { Contact, ContactCreateData } from '@desk/api-client'
import type { ContactRow, Db } from '../../db'
import { AppError } from '../../http/errors'
import type { Publisher } from '../../realtime/publisher'
import { fillContactBlanks, findContactByNumber } from './repository'

/** A contact nobody named: no name, or its number as its name (as one first seen without a profile name). */
export const isUnnamed = (contact: { name: string; number: string | null }) => {
  const name = contact.name.trim()
  return name === '' || (contact.number !== null && name.replace(/[\s()+.-]/g, '') === contact.number)
}

/**
 * The seed's `POST /contact` (its contact card's "Conversar", which opens a ticket with the `id`
 * it gets back): the contact saved with the number, else a new one. A saved contact is answered
 * as it is, except what it lacks: the card's name fills a contact nobody named, the card's e-mail
 * one without an e-mail (each a conditional write, so a name or an e-mail written meanwhile
 * stays). Other fields (extra info) are kept. Calls racing for one new number make one contact:
 * the losers of the insert read the winner's. `POST /contacts` keeps refusing a saved number.
 */
export const createFindOrAdd = ({
  db,
  publisher,
  get,
  insert,
  checkNumber,
}: {
  db: Db
  publisher: Publisher
  get: (id: number) => Promise<Contact>
  /** Saves a contact whose number is checked; a saved number throws `ERR_DUPLICATED_CONTACT`. */
  insert: (input: ContactCreateData) => Promise<Contact>
  checkNumber: (number: string) => Promise<string>
}) => {
  const fillBlanks = async (row: ContactRow, data: ContactCreateData): Promise<Contact> => {
    const blanks = {
      name: isUnnamed(row) ? data.name : undefined,
      email: row.email === null ? (data.email ?? undefined) : undefined,
    }
    const asked = blanks.name !== undefined || blanks.email !== undefined
    if (!asked || !(await fillContactBlanks(db, row, blanks))) return get(row.id)
    const contact = await get(row.id)
    publisher.contact({ action: 'update', contact })
    return contact
  }

  return async (data: ContactCreateData): Promise<Contact> => {
    if (!data.number) return insert(data)
    // The number as written first: a saved contact is found without asking the network.
    const typed = await findContactByNumber(db, data.number)
    if (typed) return fillBlanks(typed, data)
    const number = await checkNumber(data.number)
    const known = number === data.number ? undefined : await findContactByNumber(db, number)
    if (known) return fillBlanks(known, data)
    try {
      return await insert({ ...data, number })
    } catch (error) {
      const duplicate = error instanceof AppError && error.code === 'ERR_DUPLICATED_CONTACT'
      const raced = duplicate ? await findContactByNumber(db, number) : undefined
      if (!raced) throw error
      return fillBlanks(raced, data)
    }
  }
}
