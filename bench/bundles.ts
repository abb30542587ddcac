/**
 * What the built app weighs, gzip (level 9), from the build itself:
 * - the login route: what index.html makes the browser download before /login draws (its scripts and
 *   modulepreloads: the entry and every chunk it imports statically). Target: ≤ 145 kB.
 * - app JS: every .js file of the build except the parts loaded only where they are used (the
 *   dashboard's chart, the voice recorder's worker and encoder, the emoji picker and its data; see
 *   `ON_DEMAND` in `packages/crm-app/build/bundle-graph.ts`). Those parts are printed one by one,
 *   and so is what one desk downloads of it: English, or English and one other language's table.
 *   Target: that download ≤ 450 kB (`test/bundle.test.ts` holds it).
 * - every .js file as emitted (every emoji language, everything), so that nothing is hidden.
 * - the largest files, with what makes them large.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { gzipSync } from 'node:zlib'
import { type BuiltScript, buildBundleGraph, ON_DEMAND, onDemandPart } from '../packages/crm-app/build/bundle-graph'
import { repoRoot } from './support'

const LOGIN_TARGET_KB = 145
const ALL_TARGET_KB = 450
const dist = join(repoRoot, 'packages/crm-app/dist')
/** Another language's table of the ui's messages (English is part of /login and of the layout). */
const LANGUAGE_TABLE = /\/ui\/src\/i18n\/(?!en)[a-z]{2}(-[A-Z]{2})?\.ts$/
const EMOJI_DATA = /\/emojibase-data\/([a-z-]+)\/data\.json$/

const kB = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} kB`
const gzipOf = (file: string) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length

/** The scripts index.html loads or preloads, as paths under dist. */
export function loginRouteFiles(html: string): string[] {
  const tags = html.match(/<(script|link)\b[^>]*>/g) ?? []
  const files = tags
    .filter((tag) => tag.startsWith('<script') || /rel="modulepreload"/.test(tag))
    .map((tag) => /(?:src|href)="\/([^"]+\.js)"/.exec(tag)?.[1])
    .filter((file): file is string => Boolean(file))
  return [...new Set(files)]
}

const allScripts = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? allScripts(join(dir, entry.name))
      : entry.name.endsWith('.js')
        ? [relative(dist, join(dir, entry.name))]
        : [],
  )

/** A short account of a chunk: its largest packages or source folders by rendered length. */
function contents(script: BuiltScript | undefined): string {
  if (!script) return ''
  const byOrigin = new Map<string, number>()
  for (const { id, length } of script.largestModules) {
    const pkg = /.*\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(id)?.[1]
    const origin =
      pkg ??
      id
        .replace(/.*\/packages\//, '')
        .split('/')
        .slice(0, 4)
        .join('/')
    byOrigin.set(origin, (byOrigin.get(origin) ?? 0) + length)
  }
  return [...byOrigin]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([origin]) => origin)
    .join(', ')
}

export async function bundles() {
  const graph = await buildBundleGraph({ write: true })

  const login = loginRouteFiles(readFileSync(join(dist, 'index.html'), 'utf8')).map((file) => ({
    file,
    gzip: gzipOf(file),
  }))
  const loginTotal = login.reduce((sum, f) => sum + f.gzip, 0)

  const files = allScripts(dist).map((file) => {
    const script = graph.scripts.get(file)
    return { file, gzip: gzipOf(file), script, part: script && onDemandPart(script) }
  })
  const sum = (list: typeof files) => list.reduce((total, f) => total + f.gzip, 0)
  const app = files.filter((f) => !f.part)

  console.log('  largest files:')
  for (const { file, gzip, script } of [...files].sort((a, b) => b.gzip - a.gzip).slice(0, 12)) {
    const language = script?.modules.map((id) => EMOJI_DATA.exec(id)?.[1]).find(Boolean)
    const what = language
      ? `emoji data (${language})`
      : script?.isWorker
        ? `worker: ${contents(script)}`
        : contents(script)
    console.log(`  ${kB(gzip)}  ${file}  ${what}`)
  }
  console.log(
    `  login route (index.html's scripts and preloads): ${kB(loginTotal).trim()} gzip in ${login.length} files`,
  )
  console.log(`    target ≤ ${LOGIN_TARGET_KB} kB`)
  console.log(
    `  app JS (every file but the parts loaded only where used): ${kB(sum(app)).trim()} gzip in ${app.length} files`,
  )
  // A desk shows one language: English comes with /login and the layout, another language's table on top.
  const languages = app.filter((f) => f.script?.modules.some((id) => LANGUAGE_TABLE.test(id)))
  const oneLanguage = Math.max(
    ...languages.map((table) => sum(app) - sum(languages) + table.gzip),
    sum(app) - sum(languages),
  )
  console.log(
    `    of which one desk downloads, in its language (English, or English and one other table): at most ${kB(oneLanguage).trim()}`,
  )
  // The budget is what one desk downloads: no desk loads all three tables.
  console.log(`      target ≤ ${ALL_TARGET_KB} kB`)
  for (const part of Object.keys(ON_DEMAND) as Array<keyof typeof ON_DEMAND>) {
    const held = files.filter((f) => f.part === part)
    console.log(`    loaded only where used, ${part}: ${kB(sum(held)).trim()} in ${held.length} files`)
  }
  console.log(
    `  every .js file as emitted (all emoji languages): ${kB(sum(files)).trim()} gzip in ${files.length} files`,
  )
}
