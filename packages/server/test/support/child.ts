/**
 * The desk as `npm start` runs it (`node --import tsx src/main.ts` with DATA_DIR and PORT), in a process of its
 * own that a test may kill with SIGKILL and start again on the same data folder. Shared by the server tests
 * and the end-to-end tests (which import it from here, as they do the outreach helpers).
 */
import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'

const serverDir = path.resolve(import.meta.dirname, '../..')

export interface ChildDesk {
  url: string
  child: ChildProcess
  /** SIGKILL: no shutdown code runs; resolves once the process is gone (at once if it is gone already). */
  kill(): Promise<void>
}

/**
 * Starts the desk on `dataDir`: a free port, SQLite there unless `env` names a `DATABASE_URL`, no log, and the
 * built app when there is one. Resolves once it listens; rejects with what it printed if it exits first.
 */
export async function startChildDesk(dataDir: string, env: Record<string, string> = {}): Promise<ChildDesk> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'silent',
      ...env,
    },
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      output += chunk
      const match = output.match(/running at (http:\/\/\S+)/)
      if (match?.[1]) resolve(match[1])
    })
    child.stderr.on('data', (chunk) => {
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
