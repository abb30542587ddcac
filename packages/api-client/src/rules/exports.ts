import { csvFile, csvHead, csvRows } from './csv'

/** The contacts export's columns (`GET /contacts/export`), in order. */
export const CONTACT_EXPORT_COLUMNS = ['name', 'number', 'email'] as const

/** The contacts CSV, one row a contact. */
export const contactsToCsv = (rows: readonly { name: string; number: string | null; email: string | null }[]): string =>
  csvFile(
    CONTACT_EXPORT_COLUMNS,
    rows.map((r) => CONTACT_EXPORT_COLUMNS.map((c) => r[c])),
  )

/** The chat CSV's columns, in order. */
export const CHAT_EXPORT_COLUMNS = ['date', 'sender', 'fromMe', 'mediaType', 'body'] as const

/** One message of a conversation as the chat export writes it. */
export interface ChatExportLine {
  createdAt: string
  sender: string
  fromMe: boolean
  mediaType: string
  body: string
}

/** A conversation as a CSV file, one row a message (`fromMe` written `1` or `0`). */
export const chatToCsv = (lines: readonly ChatExportLine[]): string =>
  csvFile(
    CHAT_EXPORT_COLUMNS,
    lines.map((l) => [l.createdAt, l.sender, l.fromMe ? '1' : '0', l.mediaType, l.body]),
  )

/** A bulk send's recipients export (`GET /jobs/:id/recipients.csv`): its columns, in order. */
export const JOB_RECIPIENT_CSV_COLUMNS = [
  'position',
  'entry',
  'address',
  'state',
  'reason',
  'providerMessageId',
  'updatedAt',
] as const

type RecipientRow = { [K in (typeof JOB_RECIPIENT_CSV_COLUMNS)[number]]: string | number | null }

/** The recipients export's head (written first; the rows follow a chunk at a time). */
export const jobRecipientsCsvHead = (): string => csvHead(JOB_RECIPIENT_CSV_COLUMNS)

/** A chunk of the recipients export, one row a recipient. */
export const jobRecipientsCsvRows = (rows: readonly RecipientRow[]): string =>
  csvRows(rows.map((r) => JOB_RECIPIENT_CSV_COLUMNS.map((c) => r[c])))
