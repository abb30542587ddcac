import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { build, type Plugin } from 'vite'

/** One JavaScript file of the build: a chunk of the page, or a worker (built on its own, emitted as a file). */
export interface BuiltScript {
  fileName: string
  /** Gzip size (level 9), bytes. */
  gzip: number
  /** Chunks it imports statically (downloaded with it). */
  imports: string[]
  /** Chunks it loads on demand. */
  dynamicImports: string[]
  isEntry: boolean
  /** The modules an entry chunk starts from: index.html's scripts (`src/main.tsx`), or the entry itself. */
  entryModules: string[]
  isWorker: boolean
  /** The modules it holds, as absolute paths (workers: none; their code is built separately). */
  modules: string[]
  /** The modules in the order of their size, largest first, with their rendered length. */
  largestModules: Array<{ id: string; length: number }>
}

export interface BundleGraph {
  scripts: Map<string, BuiltScript>
  /** The entry chunk of index.html. */
  entry: BuiltScript
}

const appRoot = join(import.meta.dirname, '..')

/** An HTML entry starts from the scripts it imports; a script entry from itself. */
const startingModules = (facade: { id: string; importedIds: readonly string[] } | null) =>
  !facade ? [] : facade.id.endsWith('.html') ? [...facade.importedIds] : [facade.id]

/**
 * Builds the app (its own vite.config.ts) and returns every JavaScript file with what it holds and
 * imports. `write: false` keeps `dist` as it is; the benchmark writes it so it can serve it.
 */
export async function buildBundleGraph({
  write = false,
  root = appRoot,
}: {
  write?: boolean
  root?: string
} = {}): Promise<BundleGraph> {
  const scripts = new Map<string, BuiltScript>()
  const workerChunks = new Map<string, BuiltScript>()
  const capture = (into: Map<string, BuiltScript>, isWorker: boolean): Plugin => ({
    name: 'desk:bundle-graph',
    apply: 'build',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') {
          const rendered = Object.entries(file.modules)
            .map(([id, info]) => ({ id, length: info.renderedLength }))
            .filter((m) => m.length > 0)
            .sort((a, b) => b.length - a.length)
          into.set(file.fileName, {
            fileName: file.fileName,
            gzip: gzipSync(file.code, { level: 9 }).length,
            imports: file.imports,
            dynamicImports: file.dynamicImports,
            isEntry: file.isEntry && !isWorker,
            entryModules: startingModules(this.getModuleInfo(file.facadeModuleId ?? '')),
            isWorker,
            modules: rendered.map((m) => m.id),
            largestModules: rendered,
          })
        } else if (file.fileName.endsWith('.js')) {
          // A worker reaches the page's bundle as a file: its own build, seen by the worker's copy of this plugin.
          const worker = workerChunks.get(file.fileName)
          into.set(file.fileName, {
            ...(worker ?? { imports: [], dynamicImports: [], modules: [], largestModules: [], entryModules: [] }),
            fileName: file.fileName,
            gzip: gzipSync(file.source, { level: 9 }).length,
            isEntry: false,
            isWorker: true,
          })
        }
      }
    },
  })
  // The production build whoever asks (Vitest sets NODE_ENV to 'test', which would build React's development one).
  const nodeEnv = process.env.NODE_ENV
  process.env.NODE_ENV = 'production'
  try {
    await build({
      root,
      configFile: join(root, 'vite.config.ts'),
      logLevel: 'warn',
      plugins: [capture(scripts, false)],
      worker: { plugins: () => [capture(workerChunks, true)] },
      build: { write },
    })
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV
    else process.env.NODE_ENV = nodeEnv
  }
  const entry = [...scripts.values()].find((s) => s.isEntry && /(^|\/)index-[\w-]+\.js$/.test(s.fileName))
  if (!entry) throw new Error('the build has no index entry chunk')
  return { scripts, entry }
}

/** The entry and everything it imports statically: what the browser downloads before the first page draws. */
export function staticClosure(graph: BundleGraph, from: BuiltScript = graph.entry): BuiltScript[] {
  const seen = new Map<string, BuiltScript>()
  const stack = [from.fileName]
  while (stack.length) {
    const name = stack.pop()!
    const script = graph.scripts.get(name)
    if (!script || seen.has(name)) continue
    seen.set(name, script)
    stack.push(...script.imports)
  }
  return [...seen.values()]
}

/**
 * The parts of the desk downloaded only by the screens that use them: the dashboard's chart, the voice
 * recorder's MP3 encoder (a worker), the emoji picker with its per-language data and the QR encoder of a
 * connection's pairing code. `bench/bundles.ts`
 * leaves them out of "app JS"; `test/bundle.test.ts` checks that nothing else loads them.
 */
export const ON_DEMAND = {
  // The chart's drawing (its SVG parts; the scale helpers in `chartScale.ts` come with the page).
  chart: /\/tickets-per-hour-chart\/internal\/\w+\.tsx$/,
  recorder: /\/node_modules\/@breezystack\/lamejs\/|\/crm-app\/src\/lib\/recorder\/(encodeMp3|mp3\.worker)\.ts$/,
  emojiPicker: /\/node_modules\/frimousse\/|\/message-input\/internal\/EmojiPicker\.tsx$/,
  emojiData: /\/node_modules\/emojibase-data\//,
  qrCode: /\/node_modules\/uqr\/|\/qr-code-dialog\/internal\/QrImage\.tsx$/,
} as const

/** Which on-demand part a file of the build belongs to, if any (workers: the recorder's). */
export function onDemandPart(script: BuiltScript): keyof typeof ON_DEMAND | undefined {
  if (script.isWorker) return 'recorder'
  return (Object.keys(ON_DEMAND) as Array<keyof typeof ON_DEMAND>).find((part) =>
    script.modules.some((id) => ON_DEMAND[part].test(id)),
  )
}
