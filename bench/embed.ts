/**
 * What the embeddable widget weighs, gzip (level 9), from its build:
 * - the loader (`embed.js`), which every page of a partner's site downloads. Budget: ≤ 5 kB.
 * - the frame app's first open: the scripts the frame's index.html loads and everything they import
 *   statically (React, Chakra, the frame's small react-intl, the panel), and the chosen language's messages,
 *   until the panel is drawn. Budget: ≤ 120 kB, in each language (each downloads its own table only).
 *   Printed also with what comes right after (the live socket's client).
 */
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Rolldown } from 'vite'
import { repoRoot } from './support'

const LOADER_BUDGET_KB = 5
const FRAME_BUDGET_KB = 120
const embed = join(repoRoot, 'packages/embed')

type Chunk = Rolldown.OutputChunk
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} kB`
const gzip = (chunk: Chunk) => gzipSync(chunk.code, { level: 9 }).length
const verdict = (bytes: number, budgetKb: number) =>
  `${kB(bytes)}   budget ${budgetKb} kB   ${bytes <= budgetKb * 1024 ? 'within' : `OVER by ${kB(bytes - budgetKb * 1024).trim()}`}`

async function chunksOf(config: string): Promise<Map<string, Chunk>> {
  const result = await build({ configFile: join(embed, config), logLevel: 'silent', build: { write: false } })
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[]
  const chunks = outputs.flatMap((o) => o.output).filter((o): o is Chunk => o.type === 'chunk')
  return new Map(chunks.map((c) => [c.fileName, c]))
}

/** A chunk and every chunk it imports statically, once each. */
function closure(chunks: Map<string, Chunk>, start: Chunk, seen = new Set<string>()): Set<string> {
  if (seen.has(start.fileName)) return seen
  seen.add(start.fileName)
  for (const name of start.imports) {
    const next = chunks.get(name)
    if (next) closure(chunks, next, seen)
  }
  return seen
}

const sum = (chunks: Map<string, Chunk>, names: Iterable<string>) =>
  [...names].reduce((total, name) => total + gzip(chunks.get(name) as Chunk), 0)

const holding = (chunks: Map<string, Chunk>, pattern: RegExp) =>
  [...chunks.values()].find((c) => Object.keys(c.modules).some((id) => pattern.test(id)) && !c.isEntry)

export async function embedBundles() {
  const loader = [...(await chunksOf('vite.loader.config.ts')).values()][0]
  console.log(`  loader (embed.js)                       ${verdict(gzip(loader), LOADER_BUDGET_KB)}`)

  const chunks = await chunksOf('vite.frame.config.ts')
  const entry = [...chunks.values()].find((c) => c.isEntry)
  if (!entry) throw new Error('the frame build has no entry')
  const first = closure(chunks, entry)
  // Each language's first messages are a chunk of their own: the first open takes the chosen one only.
  const languages = [
    ['English', 'en'],
    ['Portuguese', 'pt-BR'],
    ['Spanish', 'es'],
  ] as const
  const withTable = new Map<string, Set<string>>()
  for (const [, locale] of languages) {
    const table = holding(chunks, new RegExp(`/frame/first-messages/${locale}\\.ts$`))
    if (!table) throw new Error(`the frame build has no chunk of ${locale}'s first messages`)
    withTable.set(locale, closure(chunks, table, new Set(first)))
  }
  for (const [name, locale] of languages) {
    const names = withTable.get(locale) ?? first
    const label = `frame, first open (${name})`.padEnd(40)
    console.log(
      `  ${label}${verdict(sum(chunks, names), FRAME_BUDGET_KB)}   (its table ${kB(sum(chunks, names) - sum(chunks, first)).trim()})`,
    )
  }
  const socket = holding(chunks, /\/socket\.io-client\//)
  if (socket) {
    const withSocket = sum(chunks, closure(chunks, socket, new Set(withTable.get('en') ?? first)))
    // Loaded once the panel is drawn: shown for its size, not held to the first open's budget.
    console.log(`  frame, first open + live socket client  ${kB(withSocket)}   (after the first open; no budget)`)
  }
  const largest = Object.entries(entry.modules)
    .map(([id, m]) => ({ id, length: m.renderedLength }))
    .sort((a, b) => b.length - a.length)
  const byPackage = new Map<string, number>()
  for (const { id, length } of largest) {
    const name =
      /node_modules\/(?:\.pnpm\/[^/]+\/node_modules\/)?((?:@[^/]+\/)?[^/]+)/.exec(id)?.[1] ?? 'workspace code'
    byPackage.set(name, (byPackage.get(name) ?? 0) + length)
  }
  const top = [...byPackage].sort((a, b) => b[1] - a[1]).slice(0, 8)
  console.log(
    `  largest parts of the first file (unminified): ${top.map(([n, l]) => `${n} ${Math.round(l / 1024)}k`).join(', ')}`,
  )
}
