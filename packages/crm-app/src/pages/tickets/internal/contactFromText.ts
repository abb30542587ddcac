import type { ContactModalValues } from '@desk/ui'

/** What "Add contact" fills in from the text typed: a phone number goes to the number, anything else to the name. */
export function contactFromText(text: string): Partial<ContactModalValues> {
  const digits = text.replace(/\D/g, '')
  return /^\+?[\d\s().-]+$/.test(text) && digits.length > 0 ? { number: digits } : { name: text }
}
