import type { ContactExportRow } from '@desk/api-client'

/**
 * Saves the contacts as `contacts.csv` (`;`-separated, UTF-8 with a byte-order mark, formula-like
 * cells neutralised). The CSV writer comes with the contract, loaded when the first export is asked for.
 */
export async function downloadContactsCsv(rows: readonly ContactExportRow[], fileName = 'contacts.csv') {
  const { contactsToCsv } = await import('@desk/api-client')
  const blob = new Blob([contactsToCsv(rows)], { type: 'text/csv;charset=utf-8' })
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The click has handed the file to the browser; the object URL can go on the next turn.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
