import { spawn } from 'node:child_process'
import path from 'node:path'

const serverDir = path.resolve(import.meta.dirname, '../..')

/**
 * The desk as `npm start` runs it, in its own process (which a test may kill with SIGKILL), on the data folder
 * given: SQLite there unless `env` names a `DATABASE_URL`. Resolves with the process and its address once it
 * listens; rejects with what it printed if it exits first.
 */
export const startChildServer = async (dataDir: string, env: Record<string, string> = {}) => {
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
    child.once('exit', (code) => reject(new Error(`exited early with ${code}: ${output}`)))
  })
  return { child, url }
}
