import type { Plugin } from 'vite'
import { type BuiltScript, buildBundleGraph, onDemandPart, staticClosure } from './bundle-graph.ts'

/** Set while the plan's own first build runs, so that build splits chunks the bundler's way. */
const FIRST_PASS = 'DESK_CHUNK_PLAN_FIRST_PASS'
/**
 * A chunk smaller than this (gzip) pays more in its own request and gzip frame than it saves. At 3 kB the data
 * hooks that the signed-in layout loads (2–3 kB each, so every signed-in page downloads them all) share one file.
 */
const SMALL_CHUNK = 3072

/** The outreach pages' modules (seed 001): sending, scheduling, history import, the job lists. */
const OUTREACH_PAGE = /\/crm-app\/src\/pages\/outreach\//

/** Which modules go together: module id → the chunk's name. */
type Plan = Map<string, string>

/**
 * Decides, from a first build, which modules to merge into fewer files:
 * - `login`: every module that /login runs (the entry's static closure, as the first build tree-shook it)
 *   but the entry module itself, in one chunk. Only modules that ran on /login before join it, so the
 *   modules run in the same order and no page starts running code it did not run before.
 * - `shared`: the small chunks that pages share (under 3 kB gzip, loaded statically by lazy pages), merged
 *   by the larger chunks they bring with them: a page that loads one of them already downloads those
 *   larger chunks, so no page downloads a form library or the schemas it did not download before.
 * - `outreach`: every chunk that only the outreach pages load (the pages themselves, their forms, tables and
 *   hooks), in one chunk. A person who opens one outreach page usually opens the others; one file instead
 *   of eight shares its gzip frame and drops the imports and exports between them. No other page loads it.
 * Other pages, on-demand parts (chart, recorder, emoji) and the language tables keep their own files.
 */
export function planChunks(graph: Awaited<ReturnType<typeof buildBundleGraph>>): Plan {
  const plan: Plan = new Map()
  const login = staticClosure(graph)
  const onLogin = new Set(login.map((s) => s.fileName))
  const starts = new Set(graph.entry.entryModules)
  for (const id of login.flatMap((s) => s.modules)) if (!starts.has(id)) plan.set(id, 'login')

  const loadedOnDemand = new Set([...graph.scripts.values()].flatMap((s) => s.dynamicImports))
  const outreach = outreachOnly(graph, onLogin, loadedOnDemand)
  for (const script of outreach) for (const id of script.modules) plan.set(id, 'outreach')
  const isSmallShared = (s: BuiltScript) =>
    s.gzip < SMALL_CHUNK &&
    !onLogin.has(s.fileName) &&
    !loadedOnDemand.has(s.fileName) &&
    !outreach.has(s) &&
    !s.isWorker &&
    onDemandPart(s) === undefined
  const larger = (s: BuiltScript) =>
    staticClosure(graph, s)
      .filter((c) => !onLogin.has(c.fileName) && !isSmallShared(c))
      .map((c) => c.fileName)
      .sort()
      .join(' ')
  const keys = new Map<string, string>()
  for (const script of graph.scripts.values()) {
    if (!isSmallShared(script)) continue
    const key = larger(script)
    if (!keys.has(key)) keys.set(key, `shared${keys.size || ''}`)
    for (const id of script.modules) plan.set(id, keys.get(key) ?? 'shared')
  }
  return plan
}

/** The chunks that only outreach pages load: loaded on demand by nothing else, in no other page's closure. */
function outreachOnly(
  graph: Awaited<ReturnType<typeof buildBundleGraph>>,
  onLogin: Set<string>,
  loadedOnDemand: Set<string>,
): Set<BuiltScript> {
  const pages = [...loadedOnDemand].map((name) => graph.scripts.get(name)).filter((s) => s !== undefined)
  const reachedBy = new Map<BuiltScript, BuiltScript[]>()
  for (const page of pages) {
    for (const script of staticClosure(graph, page)) reachedBy.set(script, [...(reachedBy.get(script) ?? []), page])
  }
  const isOutreachPage = (s: BuiltScript) => s.modules.some((id) => OUTREACH_PAGE.test(id))
  return new Set(
    [...reachedBy]
      .filter(
        ([script, by]) =>
          !onLogin.has(script.fileName) &&
          !script.isWorker &&
          onDemandPart(script) === undefined &&
          by.every(isOutreachPage),
      )
      .map(([script]) => script),
  )
}

/**
 * Merges the build's chunks as `planChunks` decides. Fewer, larger files gzip better: each file pays its
 * own gzip frame and dictionary, and its imports and exports between chunks. The plan comes from a first
 * build of the same config (about doubling the build's time); that build splits chunks the bundler's way.
 */
export function mergeChunks(): Plugin {
  let plan: Plan = new Map()
  let root = ''
  return {
    name: 'desk:merge-chunks',
    apply: (_config, env) => env.command === 'build' && !process.env[FIRST_PASS],
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                {
                  debugName: 'desk:merge-chunks',
                  name: (id: string) => plan.get(id) ?? null,
                  // The plan names every module of a chunk; following imports would pull in modules
                  // that /login or a page does not run.
                  includeDependenciesRecursively: false,
                },
              ],
            },
          },
        },
      },
    }),
    configResolved(config) {
      root = config.root
    },
    async buildStart() {
      process.env[FIRST_PASS] = '1'
      try {
        plan = planChunks(await buildBundleGraph({ root }))
      } finally {
        delete process.env[FIRST_PASS]
      }
    },
  }
}
