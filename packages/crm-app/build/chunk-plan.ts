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
/** The administrators' pages (the routes behind `RequireAdmin`): users, queues, tags, settings, e-mail, bots. */
const ADMIN_PAGE = /\/crm-app\/src\/pages\/(users|queues|tags|settings|mail|bots)\//
/** The toast store and its view, which the app loads together (`ui/…/toaster/load.ts`) on the first toast or interaction. */
const TOASTS = /\/ui\/src\/components\/toaster\/(toaster\.ts|Toaster\.tsx)$/
/** The layout every signed-in page is drawn in: no private page loads without it. */
const PRIVATE_LAYOUT = /\/crm-app\/src\/shell\/PrivateLayout\.tsx$/
/** The signed-in app's pages (all but sign-in and sign-up), and their routes (which the layout draws). */
const PRIVATE_PAGE = /\/crm-app\/src\/(pages\/(?!login\/|signup\/)|routes\/PrivatePages\.tsx$)/

type Graph = Awaited<ReturnType<typeof buildBundleGraph>>
/** Which modules go together: module id → the chunk's name. */
type Plan = Map<string, string>

/**
 * Decides, from a first build, which modules to merge into fewer files:
 * - `login`: every module that /login runs (the entry's static closure, as the first build tree-shook it)
 *   but the entry module itself, in one chunk. Only modules that ran on /login before join it, so the
 *   modules run in the same order and no page starts running code it did not run before.
 * - `layout`: the signed-in layout and every chunk it imports that only the signed-in app loads. Every
 *   private page is drawn inside the layout, so its chunks were downloaded and run with it anyway; in one
 *   file they drop the imports and exports between them. Nothing that /login or /signup may load joins it.
 *   The pages every agent works in (tickets, kanban, contacts, connections, quick answers, the dashboard)
 *   and the chunks only they bring join it too: an agent's day goes through most of them, so the desk downloads
 *   them once, with the layout, and moving between them waits on no download. Their forms (the form library and
 *   the schemas, which /signup needs too) and the on-demand parts stay apart; so do the pages below.
 * - `toasts`: the toast store and its view, which are always loaded together.
 * - `shared`: the small chunks that pages share (under 3 kB gzip, loaded statically by lazy pages), merged
 *   by the larger chunks they bring with them: a page that loads one of them already downloads those
 *   larger chunks, so no page downloads a form library or the schemas it did not download before. Those
 *   that bring nothing larger than the layout, and only the signed-in app loads, join the layout.
 * - `outreach` and `admin`: the chunks that only the outreach pages, or only the administrators' pages,
 *   load (the pages themselves, their forms, tables and hooks), in one chunk for the pages that bring the
 *   same other chunks. A person who opens one of them usually opens the others; one file instead of six or
 *   eight shares its gzip frame and drops the imports and exports between them. No other page loads them,
 *   and none of them brings a chunk (a form library, a table) it did not bring before.
 * Other pages, on-demand parts (recorder, emoji, QR code) and the language tables keep their own files.
 */
export function planChunks(graph: Graph): Plan {
  const plan: Plan = new Map()
  const login = staticClosure(graph)
  const onLogin = new Set(login.map((s) => s.fileName))
  const starts = new Set(graph.entry.entryModules)
  for (const id of login.flatMap((s) => s.modules)) if (!starts.has(id)) plan.set(id, 'login')

  const loadedOnDemand = new Set([...graph.scripts.values()].flatMap((s) => s.dynamicImports))
  const reachedBy = pagesReaching(graph, loadedOnDemand)
  const mergeable = (s: BuiltScript) => !onLogin.has(s.fileName) && !s.isWorker && onDemandPart(s) === undefined
  const { layout, isPrivate } = layoutGroup(graph, reachedBy, mergeable)
  /** The group each merged chunk of the first build joins. */
  const group = new Map<BuiltScript, string>(layout.map((s) => [s, 'layout']))
  for (const script of reachedBy.keys())
    if (loadedOnDemand.has(script.fileName) && !group.has(script) && holds(script, TOASTS)) group.set(script, 'toasts')
  for (const [name, page, apart] of [
    ['outreach', OUTREACH_PAGE, false],
    ['admin', ADMIN_PAGE, true],
  ] as const) {
    const only = [...reachedBy].filter(
      ([script, by]) => mergeable(script) && !group.has(script) && by.every((p) => holds(p, page)),
    )
    const theirs = new Set(only.map(([script]) => script))
    // The other larger chunks their pages bring (the layout's aside): administrators' pages that bring
    // different ones stay apart, so that none starts downloading a form library that only the others need.
    const brings = (by: BuiltScript[]) =>
      !apart
        ? ''
        : [
            ...new Set(
              by.flatMap((p) =>
                staticClosure(graph, p)
                  .filter(
                    (c) =>
                      c.gzip >= SMALL_CHUNK && !onLogin.has(c.fileName) && !theirs.has(c) && group.get(c) !== 'layout',
                  )
                  .map((c) => c.fileName),
              ),
            ),
          ]
            .sort()
            .join(' ')
    const names = new Map<string, string>()
    for (const [script, by] of only) {
      const key = brings(by)
      if (!names.has(key)) names.set(key, `${name}${names.size || ''}`)
      group.set(script, names.get(key) ?? name)
    }
  }
  // The agents' pages and what only they bring (the groups above aside) go with the layout, each once all it
  // brings is there already: the layout never starts bringing a chunk (the forms) it did not bring before.
  const withLayout = new Set(layout.flatMap((s) => staticClosure(graph, s)))
  const joins = (s: BuiltScript) =>
    !group.has(s) &&
    mergeable(s) &&
    isPrivate(s) &&
    !loadsLanguage(s) &&
    staticClosure(graph, s).every((c) => c === s || withLayout.has(c) || onLogin.has(c.fileName))
  for (let grew = true; grew; ) {
    grew = false
    for (const script of reachedBy.keys()) {
      if (!joins(script)) continue
      group.set(script, 'layout')
      withLayout.add(script)
      grew = true
    }
  }
  const inGroup = new Set(group.keys())
  const isSmallShared = (s: BuiltScript) =>
    s.gzip < SMALL_CHUNK && mergeable(s) && !loadedOnDemand.has(s.fileName) && !inGroup.has(s)
  // The larger chunks a small one brings, by the file they end up in.
  const larger = (s: BuiltScript) => [
    ...new Set(
      staticClosure(graph, s)
        .filter((c) => !onLogin.has(c.fileName) && !isSmallShared(c))
        .map((c) => group.get(c) ?? c.fileName),
    ),
  ]
  const keys = new Map<string, string>()
  for (const script of graph.scripts.values()) {
    if (!isSmallShared(script)) continue
    const brings = larger(script)
    // One that brings nothing larger than the layout, in the signed-in app only, goes with the layout.
    if (brings.every((name) => name === 'layout') && isPrivate(script)) {
      group.set(script, 'layout')
      continue
    }
    const key = brings.sort().join(' ')
    if (!keys.has(key)) keys.set(key, `shared${keys.size || ''}`)
    for (const id of script.modules) plan.set(id, keys.get(key) ?? 'shared')
  }
  for (const [script, name] of group) for (const id of script.modules) plan.set(id, name)
  return plan
}

const holds = (script: BuiltScript, module: RegExp) => script.modules.some((id) => module.test(id))
/** A language's messages (`ui/src/i18n/<lang>.ts`), which a desk loads only in that language. */
const LANGUAGE_TABLE = /\/ui\/src\/i18n\/[a-z]{2}(-[A-Z]{2})?\.ts$/
const loadsLanguage = (script: BuiltScript) => holds(script, LANGUAGE_TABLE)

/** Every chunk that some lazily loaded chunk (a page, a dialog, a language) brings, with the lazy chunks that do. */
function pagesReaching(graph: Graph, loadedOnDemand: Set<string>): Map<BuiltScript, BuiltScript[]> {
  const reachedBy = new Map<BuiltScript, BuiltScript[]>()
  for (const name of loadedOnDemand) {
    const page = graph.scripts.get(name)
    if (!page) continue
    for (const script of staticClosure(graph, page)) reachedBy.set(script, [...(reachedBy.get(script) ?? []), page])
  }
  return reachedBy
}

/**
 * The signed-in layout's chunk and those of its static imports that only the signed-in app loads: every
 * lazy chunk that brings them is the layout, a private page, or loaded only from chunks of that kind.
 */
function layoutGroup(
  graph: Graph,
  reachedBy: Map<BuiltScript, BuiltScript[]>,
  mergeable: (s: BuiltScript) => boolean,
): { layout: BuiltScript[]; isPrivate: (s: BuiltScript) => boolean } {
  const layout = [...reachedBy.keys()].find((s) => holds(s, PRIVATE_LAYOUT))
  if (!layout) return { layout: [], isPrivate: () => false }
  const lazy = [...new Set([...reachedBy.values()].flat())]
  const importers = (lazy: BuiltScript) =>
    [...graph.scripts.values()].filter((s) => s.dynamicImports.includes(lazy.fileName))
  const pages = new Set(lazy.filter((s) => s === layout || holds(s, PRIVATE_PAGE)))
  // A dialog or part loaded from private chunks only is private too (the profile, the live socket, the lane
  // editor …). Such a part and the page that loads it may share chunks both ways (the part brings a chunk of the
  // page), so every lazy chunk starts as private and those loaded from anything else drop out until none does.
  const privateLazy = new Set(lazy.filter((s) => pages.has(s) || importers(s).length > 0))
  const isPrivate = (s: BuiltScript) => (reachedBy.get(s) ?? []).every((by) => privateLazy.has(by))
  for (let shrank = true; shrank; ) {
    shrank = false
    for (const s of privateLazy) {
      if (pages.has(s) || importers(s).every((f) => mergeable(f) && isPrivate(f))) continue
      privateLazy.delete(s)
      shrank = true
    }
  }
  return { layout: staticClosure(graph, layout).filter((s) => mergeable(s) && isPrivate(s)), isPrivate }
}

/**
 * Merges the build's chunks as `planChunks` decides. Fewer, larger files gzip better: each file pays its
 * own gzip frame and dictionary, and its imports and exports between chunks. The plan comes from a first
 * build of the same config (about doubling the build's time); that build splits chunks the bundler's way.
 */
export function mergeChunks(): Plugin {
  let plan: Plan = new Map()
  let root = ''
  let isProduction = true
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
      isProduction = config.isProduction
    },
    async buildStart() {
      // A development build (`NODE_ENV=test`, as the e2e runner's rebuild makes) keeps the bundler's chunks: its
      // React and emotion are CommonJS development builds, which the plan's groups would split into chunks that
      // import each other and run before what they use is defined.
      if (!isProduction) return
      process.env[FIRST_PASS] = '1'
      try {
        plan = planChunks(await buildBundleGraph({ root }))
      } finally {
        delete process.env[FIRST_PASS]
      }
    },
  }
}
