#!/usr/bin/env node
// Builds the widget into dist/ (EMBED_DIST): embed.js (the loader), frame/ (the iframe app, served at
// /widget/:connectionId with its files under /widget-assets/) and demo/ (the demo host page, /embed-demo/).
//
//   node packages/embed/build.mjs              build
//   node packages/embed/build.mjs --if-stale   build only when a source is newer than the last build
import { existsSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const root = join(here, '../..')
const dist = join(here, 'dist')
const stamp = join(dist, '.built')

/** The newest modification time under the folders the widget is built from. */
function newest(dir) {
  if (!existsSync(dir)) return 0
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs)
  }
  return latest
}
const sources = [
  join(here, 'src'),
  join(here, 'demo'),
  join(root, 'packages/ui/src'),
  join(root, 'packages/api-client/src/contract'),
]
const configs = ['vite.loader.config.ts', 'vite.frame.config.ts', 'vite.demo.config.ts', 'frame-messages.ts']

export function isStale() {
  if (!existsSync(stamp) || !existsSync(join(dist, 'frame/index.html')) || !existsSync(join(dist, 'embed.js')))
    return true
  const built = statSync(stamp).mtimeMs
  return Math.max(...sources.map(newest), ...configs.map((c) => statSync(join(here, c)).mtimeMs)) > built
}

export async function buildEmbed({ ifStale = false, logLevel = 'warn' } = {}) {
  if (ifStale && !isStale()) return false
  const { build } = await import('vite')
  rmSync(dist, { recursive: true, force: true })
  for (const config of configs.filter((c) => c.startsWith('vite.'))) {
    await build({ configFile: join(here, config), logLevel })
  }
  writeFileSync(stamp, `${new Date().toISOString()}\n`)
  return true
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ifStale = process.argv.includes('--if-stale')
  const built = await buildEmbed({ ifStale })
  console.log(built ? '› widget built (packages/embed/dist)' : '› widget up to date')
}
