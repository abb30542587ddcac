import { type ContactExportRow, contactsToCsv } from '@desk/api-client/contract'
import { downloadBlob } from '../../lib/downloadBlob'

/**
 * Saves the contacts as `contacts.csv` (`;`-separated, UTF-8 with a byte-order mark, formula-like
 * cells neutralised). Only the CSV writer comes with the page (a few hundred bytes), not the contract's schemas.
 */
export function downloadContactsCsv(rows: readonly ContactExportRow[], fileName = 'contacts.csv') {
  downloadBlob(new Blob([contactsToCsv(rows)], { type: 'text/csv;charset=utf-8' }), fileName)
}
