/**
 * Mentions: `@Name` in a chat message or a private note names a desk user. A name may hold spaces
 * ("@Maria Souza"), so the text is matched against the names of the people who could be meant,
 * longest name first, case-insensitively, and a name counts only when what follows it is not a
 * letter or digit ("@Ana" does not mention Ana in "@Anabel").
 */

export interface Mentionable {
  id: number
  name: string
}

const WORD = /[\p{L}\p{N}_]/u

/** Where each mention sits in the text, for drawing it: start, end (exclusive) and who. */
export interface MentionSpan {
  start: number
  end: number
  userId: number
}

/** Every `@Name` of `people` in `text`, in order, none overlapping. */
export const mentionSpans = (text: string, people: readonly Mentionable[]): MentionSpan[] => {
  const byLength = [...people].filter((p) => p.name.trim()).sort((a, b) => b.name.length - a.name.length)
  const lower = text.toLowerCase()
  const spans: MentionSpan[] = []
  for (let at = lower.indexOf('@'); at !== -1; at = lower.indexOf('@', at + 1)) {
    if (at > 0 && WORD.test(text[at - 1] ?? '')) continue
    const person = byLength.find((p) => {
      const name = p.name.trim().toLowerCase()
      return lower.startsWith(name, at + 1) && !WORD.test(text[at + 1 + name.length] ?? '')
    })
    if (!person) continue
    const end = at + 1 + person.name.trim().length
    spans.push({ start: at, end, userId: person.id })
    at = end - 1
  }
  return spans
}

/** The people `text` mentions, each once, in the order first mentioned. */
export const mentionedIds = (text: string, people: readonly Mentionable[]): number[] => [
  ...new Set(mentionSpans(text, people).map((s) => s.userId)),
]

/** The word being typed as a mention at the end of `draft` (`"hi @ma"` → `"ma"`), or null. */
export const mentionQuery = (draft: string): string | null => {
  const match = /(?:^|\s)@([^@\n]{0,30})$/u.exec(draft)
  return match ? (match[1] ?? '') : null
}
