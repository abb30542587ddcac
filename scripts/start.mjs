#!/usr/bin/env node
// `npm start`: install what is missing, build the app, migrate the database and
// serve the app and the API on one origin (http://localhost:8080 unless PORT is set).
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const run = (cmd, args, opts = {}) => {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts })
  if (r.status !== 0) {
    console.error(`\n✖ ${[cmd, ...args].join(' ')} failed`)
    process.exit(r.status ?? 1)
  }
}

run(process.execPath, [join(root, 'scripts/ensure-install.mjs')])

if (process.env.SKIP_BUILD !== '1' || !existsSync(join(root, 'packages/crm-app/dist/index.html'))) {
  console.log('› building the app')
  run(process.execPath, [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: join(root, 'packages/crm-app'),
  })
}

// The embeddable widget (embed.js, its frame and the demo page): rebuilt only when its sources changed.
run(process.execPath, [join(root, 'packages/embed/build.mjs'), '--if-stale'])

console.log('› starting the server (migrations run first)')
const tsx = join(root, 'node_modules/tsx/dist/cli.mjs')
const server = spawnSync(process.execPath, [tsx, join(root, 'packages/server/src/main.ts')], {
  stdio: 'inherit',
  cwd: root,
  env: { NODE_ENV: 'production', ...process.env },
})
process.exit(server.status ?? 0)
