/**
 * Prints the circular-import groups of the server: `node_modules/.bin/tsx scripts/import-cycles.ts [dir]`
 * (default packages/server/src). Builds the graph of relative imports that stay at run time with a small
 * resolver of `import`/`export … from` lines (`import type`, imports whose every name is `type`, and
 * `export type … from` are erased, so they are left out; so is `import()`, which loads later and cannot form a
 * load-time circle), then prints its strongly connected components of more than one module (Tarjan).
 * `--with-types` counts type-only imports too: they do not load anything, but a circle through them still ties
 * the modules' declarations together (a change in one reaches every other). `packages/server/test/platform/import-cycles.test.ts` holds the count
 * down.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    if (statSync(full).isDirectory()) return sourceFiles(full)
    return /\.tsx?$/.test(name) && !name.endsWith('.d.ts') ? [full] : []
  })

const resolve = (from: string, specifier: string): string | undefined => {
  const base = path.resolve(path.dirname(from), specifier)
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]
  if (/\.js$/.test(base)) candidates.unshift(base.replace(/\.js$/, '.ts'))
  return candidates.find((c) => existsSync(c) && statSync(c).isFile())
}

/** Import and re-export statements with a module specifier: `import … from '…'`, `export … from '…'`, `import '…'`. */
const STATEMENT = /^[ \t]*(import|export)\s+(?:([\s\S]*?)\s+from\s+)?(['"])([^'"\n]+)\3/gm

/** Whether a clause (`type { A }`, `{ type A, type B }`, `A, { B }`, `* as x`) is erased at run time. */
const typeOnly = (clause: string): boolean => {
  const c = clause.trim()
  if (/^type\s/.test(c)) return true
  const named = /^\{([\s\S]*)\}$/.exec(c)
  if (!named) return false
  const names = named[1]
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n.length > 0)
  return names.length > 0 && names.every((n) => /^type\s/.test(n))
}

/** The relative modules a file loads at run time (the compiler erases type-only imports; `import()` loads later). */
export const runtimeImports = (file: string, text = readFileSync(file, 'utf8'), withTypes = false): string[] => {
  // Comments could hold example import lines; drop them (line comments only where they start a line's code).
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^[ \t]*\/\/.*$/gm, '')
  const specifiers: string[] = []
  for (const m of code.matchAll(STATEMENT)) {
    const [, keyword, clause, , specifier] = m
    if (keyword === 'export' && clause === undefined) continue
    if (!withTypes && clause !== undefined && typeOnly(clause)) continue
    specifiers.push(specifier)
  }
  return specifiers
    .filter((s) => s.startsWith('.'))
    .map((s) => resolve(file, s))
    .filter((f): f is string => f !== undefined)
}

/** The module graph of a folder: each file to the files it loads at run time. */
export const importGraph = (dir: string, withTypes = false): Map<string, string[]> =>
  new Map(sourceFiles(dir).map((f) => [f, runtimeImports(f, undefined, withTypes)]))

/** Strongly connected components of more than one module, largest first, each sorted by path. */
export const importCycles = (graph: Map<string, string[]>): string[][] => {
  let counter = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const groups: string[][] = []
  // Iterative Tarjan, so a deep graph cannot overflow the call stack.
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work: { node: string; next: number }[] = [{ node: start, next: 0 }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      const edges = graph.get(frame.node) ?? []
      if (frame.next < edges.length) {
        const to = edges[frame.next++]
        if (!index.has(to)) {
          index.set(to, counter)
          low.set(to, counter++)
          stack.push(to)
          onStack.add(to)
          work.push({ node: to, next: 0 })
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node) as number, index.get(to) as number))
        }
        continue
      }
      work.pop()
      if (work.length > 0) {
        const parent = work[work.length - 1].node
        low.set(parent, Math.min(low.get(parent) as number, low.get(frame.node) as number))
      }
      if (low.get(frame.node) === index.get(frame.node)) {
        const group: string[] = []
        let member: string
        do {
          member = stack.pop() as string
          onStack.delete(member)
          group.push(member)
        } while (member !== frame.node)
        if (group.length > 1) groups.push(group.sort())
      }
    }
  }
  return groups.sort((a, b) => b.length - a.length || a[0].localeCompare(b[0]))
}

/** The circular-import groups of the server's sources, paths relative to the folder. */
export const serverImportCycles = ({
  withTypes = false,
  dir = path.join(root, 'packages/server/src'),
}: {
  withTypes?: boolean
  dir?: string
} = {}): string[][] => importCycles(importGraph(dir, withTypes)).map((g) => g.map((f) => path.relative(dir, f)))

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const withTypes = process.argv.includes('--with-types')
  const folder = process.argv.slice(2).find((a) => !a.startsWith('--'))
  const groups = serverImportCycles({ withTypes, dir: folder ? path.resolve(folder) : undefined })
  const what = withTypes ? 'circular-import groups, type-only imports counted' : 'circular-import groups at run time'
  console.log(`${groups.length} ${what}; sizes ${groups.map((g) => g.length).join(', ') || '-'}`)
  for (const [i, g] of groups.entries()) console.log(`\n#${i + 1} (${g.length})\n  ${g.join('\n  ')}`)
}
