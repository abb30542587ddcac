import { fillPlaceholders, type PlaceholderValues } from '@desk/api-client/constants'

/** What a quick answer's placeholders are filled from: the open ticket, the agent and the moment. */
export interface PlaceholderSource {
  ticket: {
    id: number
    contact: { name: string }
    queue?: { name: string } | null
    whatsapp?: { name: string } | null
  }
  userName: string
  /** Local time of the agent. */
  now: Date
  /** The greeting for each part of the day, in the agent's language. */
  greetings: { morning: string; afternoon: string; evening: string }
}

const pad = (n: number) => String(n).padStart(2, '0')

/** Morning until noon, afternoon until 18:00, evening after. */
export const greetingFor = (now: Date, greetings: PlaceholderSource['greetings']) => {
  const hour = now.getHours()
  return hour < 12 ? greetings.morning : hour < 18 ? greetings.afternoon : greetings.evening
}

/** The values of `{{name}}`, `{{user}}`, `{{ms}}`, `{{date}}` (dd/MM/yyyy), `{{hour}}` (HH:mm), `{{ticket_id}}`, `{{queue}}`, `{{connection}}`. */
export function placeholderValues({ ticket, userName, now, greetings }: PlaceholderSource): PlaceholderValues {
  return {
    name: ticket.contact.name,
    user: userName,
    ms: greetingFor(now, greetings),
    date: `${pad(now.getDate())}/${pad(now.getMonth() + 1)}/${now.getFullYear()}`,
    hour: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
    ticket_id: String(ticket.id),
    queue: ticket.queue?.name ?? '',
    connection: ticket.whatsapp?.name ?? '',
  }
}

/** A quick answer's message with its placeholders filled for this ticket; unknown ones stay as written. */
export const fillQuickAnswer = (message: string, source: PlaceholderSource): string =>
  fillPlaceholders(message, placeholderValues(source))

/** The sign-message prefix: the agent's name in bold and a line break. */
export const signed = (text: string, userName: string | undefined, sign: boolean) =>
  sign && userName ? `*${userName}:*\n${text}` : text
