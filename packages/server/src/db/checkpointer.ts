import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import type SQLite from 'better-sqlite3'

/** How often the background connection folds the write-ahead log back into the database. */
const CHECKPOINT_INTERVAL_MS = 500

/**
 * Pages the serving connection lets the write-ahead log grow to before it checkpoints on its own
 * (SQLite's default is 1,000). Only reached when neither the background checkpoints nor the log's
 * restart (below) keep up.
 */
export const FALLBACK_AUTOCHECKPOINT_PAGES = 20_000

/**
 * Frames the log may hold, all of them folded back, before the serving connection finishes a
 * background pass itself so that the log starts over (see `startCheckpointer`): 32 MB of 4 kB pages.
 */
export const LOG_RESTART_FRAMES = 8_192

/**
 * Runs in a worker thread with its own connection. A passive checkpoint never waits for readers
 * or writers; each pass tells the serving thread how long the log was and how much of it it copied.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const SQLite = require(workerData.driver)
const db = new SQLite(workerData.file)
db.pragma('busy_timeout = 5000')
const checkpoint = () => {
  try {
    const [pass] = db.pragma('wal_checkpoint(PASSIVE)')
    parentPort.postMessage(pass)
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
  /** Background passes answered so far (a pass that found the database busy included). */
  passes(): number
}

export interface CheckpointerOptions {
  intervalMs?: number
  /** See `LOG_RESTART_FRAMES`; `Infinity` never finishes a pass on the serving connection. */
  restartFrames?: number
}

/**
 * After a background pass that found the log `log` frames long: at `restartFrames` or more, the serving connection
 * copies what was committed during the pass, so that its next write starts the log over. Answers whether it did.
 */
export const finishPass = (serving: SQLite.Database, log: number, restartFrames = LOG_RESTART_FRAMES): boolean => {
  // A transaction that waits on something else across turns of the event loop: the next pass tries again.
  if (log < restartFrames || !serving.open || serving.inTransaction) return false
  try {
    serving.pragma('wal_checkpoint(PASSIVE)')
    return true
  } catch {
    // Busy (another process writing): the next pass tries again.
    return false
  }
}

/**
 * Moves SQLite's write-ahead-log checkpoints off the event loop. By default the connection that
 * commits the 1,000th page copies the log into the database and syncs both files inside that
 * commit, holding the event loop for tens to hundreds of milliseconds under load; every request
 * and socket event waits behind it. Here a worker thread does that work every half second.
 *
 * The log starts over only when a write begins with every frame already copied. Under steady
 * writes that never happens: the serving connection commits new frames while each background pass
 * copies and syncs (2026-11-30, 1,000 messages a second: 13 frames a message, a pass taking several
 * milliseconds), so the log grew until the serving connection's own checkpoint at 20,000 pages, which
 * waited on the event loop for the disk to take everything written since the last pass: 15–50 ms
 * every 1.5 s, most of the slowest messages of the latency bench. So once a pass has found the log at
 * `restartFrames` or more, the serving connection, between transactions, copies the few frames
 * committed during that pass (2–5 ms with the syncs there), and its next write starts the log over.
 */
export const startCheckpointer = (
  file: string,
  serving: SQLite.Database,
  { intervalMs = CHECKPOINT_INTERVAL_MS, restartFrames = LOG_RESTART_FRAMES }: CheckpointerOptions = {},
): Checkpointer => {
  const worker = new Worker(WORKER, { eval: true, workerData: { file, driver: driverPath, intervalMs } })
  // Each pass answers SQLite's `wal_checkpoint` row; `log` is the log's length in frames (-1 when busy).
  let passes = 0
  worker.on('message', ({ log }: { log: number }) => {
    passes += 1
    finishPass(serving, log, restartFrames)
  })
  // After the listener, which holds the process open otherwise: the checkpoints never keep a process alive.
  worker.unref()
  const exited = new Promise<void>((resolve) => {
    worker.once('exit', () => resolve())
    worker.once('error', () => resolve())
  })
  let stopping: Promise<void> | undefined
  return {
    passes: () => passes,
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
