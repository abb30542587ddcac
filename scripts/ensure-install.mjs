#!/usr/bin/env node
// Installs the workspace's dependencies when node_modules is missing or older than pnpm-lock.yaml.
// Quiet and quick when there is nothing to do, so every entry point can call it first.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const PNPM_VERSION = '12.21.0'
const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const lockfile = join(root, 'pnpm-lock.yaml')
const modules = join(root, 'node_modules')
const stamp = join(modules, '.install-stamp')
// pnpm copies the lockfile here at the end of every install.
const installedLockfile = join(modules, '.pnpm', 'lock.yaml')

function mtime(path) {
  return existsSync(path) ? statSync(path).mtimeMs : 0
}

function upToDate() {
  if (!existsSync(modules) || !existsSync(installedLockfile)) return false
  const installedAt = Math.max(mtime(stamp), mtime(installedLockfile), mtime(join(modules, '.modules.yaml')))
  if (mtime(lockfile) <= installedAt) return true
  // A checkout can touch the lockfile without changing it.
  return readFileSync(lockfile, 'utf8') === readFileSync(installedLockfile, 'utf8')
}

function pnpmCommand() {
  const probe = spawnSync('pnpm', ['--version'], { encoding: 'utf8', shell: process.platform === 'win32' })
  if (probe.status === 0 && probe.stdout.trim() === PNPM_VERSION) return ['pnpm', []]
  return ['npx', ['-y', `pnpm@${PNPM_VERSION}`]]
}

if (!upToDate()) {
  const [command, prefix] = pnpmCommand()
  const env = { ...process.env }
  // Native modules build against the system's Node headers instead of downloading them.
  if (existsSync('/usr/include/node')) env.npm_config_nodedir = '/usr'
  const args = [...prefix, 'install', '--frozen-lockfile', '--config.confirmModulesPurge=false']
  console.log(`Installing dependencies: ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) {
    console.error('Dependency installation failed.')
    process.exit(result.status ?? 1)
  }
  writeFileSync(stamp, `${new Date().toISOString()}\n`)
}
