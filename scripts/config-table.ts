/**
 * Prints the configuration table of docs/operating.md from the server's own list of environment variables
 * (`ENVIRONMENT` in packages/server/src/config.ts): `npx tsx scripts/config-table.ts`, then paste it under
 * "Configuration". `packages/server/test/platform/config-table.test.ts` fails when the two differ.
 */
import { pathToFileURL } from 'node:url'
import { ENVIRONMENT } from '../packages/server/src/config'

const HEADER = ['variable', 'default', 'meaning']

/** The rows of the table, cell by cell, header first. */
export const configRows = (): string[][] => [HEADER, ...ENVIRONMENT.map((v) => [`\`${v.name}\``, v.default, v.meaning])]

/** The Markdown table, its columns padded as the formatter writes them. */
export const configTable = (): string => {
  const rows = configRows()
  const widths = HEADER.map((_, i) => Math.max(...rows.map((r) => [...r[i]].length)))
  const line = (cells: string[]) => `| ${cells.map((c, i) => c + ' '.repeat(widths[i] - [...c].length)).join(' | ')} |`
  const [head, ...body] = rows
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...body.map(line)].join('\n')
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) console.log(configTable())
