import { chatToCsv, type ExportFormat, type Ticket } from '@desk/api-client'
import type { Executor } from '../../db'

/** One line of a conversation as exported: when, who, and what. */
export interface TranscriptLine {
  createdAt: string
  sender: string
  fromMe: boolean
  mediaType: string
  body: string
}

/** Rows read a page at a time, so a long conversation never sits in one query result. */
const PAGE = 1000

/**
 * The conversation of a ticket, oldest first, without deleted messages: the customer's messages are
 * signed with the contact's name, the desk's with the agent's name, or "Desk" for automatic ones
 * (greetings, farewells, notices).
 */
export const transcriptOf = async (
  db: Executor,
  ticket: Ticket,
  /** Private notes are left out unless asked for (they are the desk's, not the customer's). */
  { notes = false }: { notes?: boolean } = {},
): Promise<TranscriptLine[]> => {
  const lines: TranscriptLine[] = []
  for (let offset = 0; ; offset += PAGE) {
    const rows = await db
      .selectFrom('messages')
      .leftJoin('users', 'users.id', 'messages.userId')
      .leftJoin('contacts', 'contacts.id', 'messages.contactId')
      .select([
        'messages.createdAt',
        'messages.fromMe',
        'messages.mediaType',
        'messages.body',
        'messages.mediaName',
        'messages.isNote',
        'users.name as userName',
        'contacts.name as contactName',
      ])
      .where('messages.ticketId', '=', ticket.id)
      .where('messages.isDeleted', '=', 0)
      .$if(!notes, (q) => q.where('messages.isNote', '=', 0))
      .orderBy('messages.createdAt')
      .orderBy('messages.id')
      .limit(PAGE)
      .offset(offset)
      .execute()
    for (const r of rows) {
      const fromMe = r.fromMe === 1
      lines.push({
        createdAt: r.createdAt,
        sender: r.isNote
          ? `${r.userName ?? 'Desk'} (note)`
          : fromMe
            ? (r.userName ?? 'Desk')
            : (r.contactName ?? ticket.contact.name),
        fromMe,
        mediaType: r.mediaType,
        body: r.body || r.mediaName || '',
      })
    }
    if (rows.length < PAGE) return lines
  }
}

/** `zdg.csv`: a byte-order mark, a header, `;` between cells, formula-safe cells (the contacts export's rule). */
export const transcriptCsv = (lines: readonly TranscriptLine[]): string => chatToCsv(lines)

/** `2026-11-24 21:30:05` in UTC: the text export's time stamps. */
const stamp = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)}`

/**
 * `ZDG.txt`: a heading naming the ticket and contact, then one line per message,
 * `[2026-11-24 21:30:05] Maria: hello` (times in UTC); a message's own line breaks are indented.
 */
export const transcriptText = (ticket: Ticket, lines: readonly TranscriptLine[]): string => {
  const head = [
    `Ticket #${ticket.id} - ${ticket.contact.name} (${ticket.contact.number ?? ''})`,
    ...(ticket.protocol ? [`Protocol: ${ticket.protocol}`] : []),
    'Times in UTC',
    '',
  ]
  const body = lines.map(
    (l) =>
      `[${stamp(l.createdAt)}] ${l.sender}: ${l.mediaType !== 'chat' ? `(${l.mediaType}) ` : ''}${l.body.replace(/\r?\n/g, '\n    ')}`,
  )
  return `${[...head, ...body].join('\r\n')}\r\n`
}

export const renderTranscript = (format: ExportFormat, ticket: Ticket, lines: readonly TranscriptLine[]) =>
  format === 'csv' ? transcriptCsv(lines) : transcriptText(ticket, lines)
