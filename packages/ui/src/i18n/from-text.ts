/**
 * The app's build ships a message that is plain text (no argument, plural or tag) as that text instead of
 * its syntax tree (`[{ type: 0, value: text }]`); this gives each one its tree back, in place, so
 * react-intl formats it as before. Takes a table by key or a list of messages.
 */
export function fromText<T extends object>(messages: T): T {
  for (const [key, value] of Object.entries(messages))
    if (typeof value === 'string') Object.assign(messages, { [key]: [{ type: 0, value }] })
  return messages
}
