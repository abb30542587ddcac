import type { ContactExportRow } from '@desk/api-client'
import { downloadBlob } from '../../lib/downloadBlob'

/**
 * Saves the contacts as `contacts.csv` (`;`-separated, UTF-8 with a byte-order mark, formula-like
 * cells neutralised). The CSV writer comes with the contract, loaded when the first export is asked for.
 */
export async function downloadContactsCsv(rows: readonly ContactExportRow[], fileName = 'contacts.csv') {
  const { contactsToCsv } = await import('@desk/api-client')
  downloadBlob(new Blob([contactsToCsv(rows)], { type: 'text/csv;charset=utf-8' }), fileName)
}
