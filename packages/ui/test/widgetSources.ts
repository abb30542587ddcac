import { existsSync, readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

const SRC = resolve(import.meta.dirname, '../src')
/** Where the widget's frame starts drawing: its two components' barrels. */
const ENTRIES = ['components/widget-panel/index.ts', 'components/widget-launcher/index.ts']

const resolveImport = (from: string, spec: string) => {
  const base = resolve(dirname(from), spec)
  return [`${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find(existsSync)
}

/**
 * Every ui source file the widget's parts reach through relative imports (static and lazy), stories and
 * tests left out: what the frame ships of the ui package, for tests about its recipes and its messages.
 */
export function widgetSources(): string[] {
  const seen = new Set<string>()
  const queue = ENTRIES.map((entry) => resolve(SRC, entry))
  while (queue.length) {
    const file = queue.pop() as string
    if (seen.has(file)) continue
    seen.add(file)
    const source = readFileSync(file, 'utf8')
    for (const [, spec] of source.matchAll(/(?:from\s+|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
      const next = resolveImport(file, spec)
      if (next && !/\.(stories|test)\.|\/fixtures\.ts$|story-panel/.test(next)) queue.push(next)
    }
  }
  return [...seen]
}
