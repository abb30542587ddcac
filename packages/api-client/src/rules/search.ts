import { contactSearchDigits, isStartSearch } from '../contract/constants'

const lower = (v: string | null | undefined) => (v ?? '').toLowerCase()

/**
 * Whether a contact matches the contacts list's search as the server searches: name, number or
 * e-mail hold the text (any case), or the number holds its digits when it has 3 or more. A search
 * of one or two characters matches only the start of the name, number or e-mail (`isStartSearch`).
 */
export const contactMatches = (contact: { name: string; number: string | null; email: string | null }, q: string) => {
  const s = q.trim().toLowerCase()
  if (s && isStartSearch(s)) {
    return [contact.name, contact.number, contact.email].some((value) => lower(value).startsWith(s))
  }
  const digits = contactSearchDigits(s)
  return (
    !s ||
    lower(contact.name).includes(s) ||
    lower(contact.number).includes(s) ||
    lower(contact.email).includes(s) ||
    (digits !== null && lower(contact.number).includes(digits))
  )
}

/** Whether a quick answer matches the search as the server searches: its shortcut or its message holds the text, any case. */
export const quickAnswerMatches = (answer: { shortcut: string; message: string }, q: string) => {
  const s = q.trim().toLowerCase()
  return !s || lower(answer.shortcut).includes(s) || lower(answer.message).includes(s)
}
