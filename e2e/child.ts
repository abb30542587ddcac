/**
 * The desk as `npm start` runs it, in a process of its own (`node --import tsx src/main.ts` with DATA_DIR
 * and PORT), so a test can kill it with SIGKILL and start it again on the same data folder.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { join } from 'node:path'
import { repoRoot } from './support'

export interface ChildDesk {
  url: string
  child: ChildProcess
  /** SIGKILL: no shutdown code runs; resolves once the process is gone. */
  kill(): Promise<void>
}

const serverDir = join(repoRoot, 'packages/server')

/** Starts the desk on `dataDir` (SQLite there, a free port, the built app) and waits for its address. */
export async function startChildDesk(dataDir: string): Promise<ChildDesk> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      JOB_LEASE_SECONDS: '3',
    },
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk
      const match = output.match(/running at (http:\/\/\S+)/)
      if (match?.[1]) resolve(match[1])
    })
    child.stderr?.on('data', (chunk) => {
      output += chunk
    })
    child.once('exit', (code) => reject(new Error(`the desk exited early with ${code}: ${output}`)))
  })
  return {
    url,
    child,
    kill: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGKILL')
      await exited
    },
  }
}
