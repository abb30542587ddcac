/**
 * Recipients as people read them. A job keeps a number as the network addresses it (`5511912345678@c.us`);
 * screens show `+55 11 91234-5678`. Brazilian numbers (country code 55, a two-digit area code, then eight
 * or nine digits) are grouped the way Brazil writes them; other numbers get their `+` and are left whole,
 * since where their country code ends cannot be told without a numbering plan. Anything that is not a
 * number (a group's id, an Instagram user, an entry the job could not read) is shown as it came.
 */
const PERSONAL = /^\+?(\d{8,15})(?:@c\.us|@s\.whatsapp\.net)?$/

export function formatPhoneNumber(address: string): string {
  const match = PERSONAL.exec(address.trim())
  if (!match) return address
  const digits = match[1]
  const brazil = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits)
  if (brazil) return `+55 ${brazil[1]} ${brazil[2]}-${brazil[3]}`
  return `+${digits}`
}
