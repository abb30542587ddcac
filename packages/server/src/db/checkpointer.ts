import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/** How often the background connection folds the write-ahead log back into the database. */
const CHECKPOINT_INTERVAL_MS = 500

/**
 * Pages the serving connection lets the write-ahead log grow to before it checkpoints on its own
 * (SQLite's default is 1,000). Only reached when the background checkpoints cannot keep up.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000

/**
 * Runs in a worker thread with its own connection. A passive checkpoint never waits for readers
 * or writers, and once a checkpoint has copied every frame the next write starts the log over.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const SQLite = require(workerData.driver)
const db = new SQLite(workerData.file)
db.pragma('busy_timeout = 5000')
const checkpoint = () => {
  try {
    db.pragma('wal_checkpoint(PASSIVE)')
  } catch {
    // Busy or locked: the next round tries again.
  }
}
const timer = setInterval(checkpoint, workerData.intervalMs)
parentPort.once('message', () => {
  clearInterval(timer)
  db.close()
  parentPort.close()
})
`

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3')

export interface Checkpointer {
  /** Stops checkpointing and closes the background connection. */
  stop(): Promise<void>
}

/**
 * Moves SQLite's write-ahead-log checkpoints off the event loop. By default the connection that
 * commits the 1,000th page copies the log into the database and syncs both files inside that
 * commit, holding the event loop for tens to hundreds of milliseconds under load; every request
 * and socket event waits behind it. Here a worker thread does that work every half second, and
 * the serving connection only checkpoints itself if the log grows far past that.
 */
export const startCheckpointer = (file: string, intervalMs = CHECKPOINT_INTERVAL_MS): Checkpointer => {
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver: driverPath, intervalMs } })
  worker.unref()
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => resolve())
    worker.once('error', () => resolve())
  })
  let stopping: Promise<void> | undefined
  return {
    stop: () => {
      stopping ??= (async () => {
        // Held open until the background connection has closed, so callers can remove the files.
        worker.ref()
        worker.postMessage('stop')
        // A worker that does not finish closing in time is ended; SQLite recovers the log on next open.
        const timeout = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 5000))
        if ((await Promise.race([exited, timeout])) === 'late') await worker.terminate()
      })()
      return stopping
    },
  }
}
