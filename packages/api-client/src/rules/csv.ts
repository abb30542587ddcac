/**
 * The CSV files the desk hands out (contacts, a kanban lane, a chat transcript, a bulk send's
 * recipients) share one shape: a UTF-8 byte-order mark (so spreadsheet programs pick UTF-8), a
 * header row, `;` between cells, CRLF line ends and cells a spreadsheet reads as text.
 */

export const CSV_SEPARATOR = ';'
const BOM = '\uFEFF'
const EOL = '\r\n'

/** A cell as given to a CSV line: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined

/**
 * One CSV cell that a spreadsheet reads as text: a leading `=`, `+`, `-`, `@`, tab
 * or carriage return gets a `'` prefix (so `=HYPERLINK(…)` is not run), and cells
 * holding the separator, a quote or a line break are quoted.
 */
export const csvCell = (value: CsvValue): string => {
  let cell = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(cell)) cell = `'${cell}`
  return /[";\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell
}

/** One row, its cells made safe and joined, without its line end. */
export const csvLine = (values: readonly CsvValue[]): string => values.map(csvCell).join(CSV_SEPARATOR)

/** The start of a file: the byte-order mark and the header row (for files written a chunk at a time). */
export const csvHead = (columns: readonly string[]): string => `${BOM}${columns.join(CSV_SEPARATOR)}${EOL}`

/** Rows that follow the head, each ending its line (nothing for no rows). */
export const csvRows = (rows: readonly (readonly CsvValue[])[]): string =>
  rows.map((r) => `${csvLine(r)}${EOL}`).join('')

/** A whole file: the head, then every row. */
export const csvFile = (columns: readonly string[], rows: readonly (readonly CsvValue[])[]): string =>
  csvHead(columns) + csvRows(rows)
