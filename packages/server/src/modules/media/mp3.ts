import { randomBytes } from 'node:crypto'
import { readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import { Worker } from 'node:worker_threads'

/** The bit rate of MP3 copies, as the agents' recorder uses (seed 000: mp3 at 128). */
export const MP3_KBPS = 128

/** The file could not be made into an MP3: it is not Ogg/Opus, or its audio does not decode. */
export class ConversionError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ConversionError'
  }
}

/**
 * Decodes Ogg/Opus and encodes a constant-bit-rate MP3 in a worker thread: encoding runs at about
 * ten times real time, and a long voice note must not hold up the requests the server is answering.
 */
export const oggOpusToMp3 = (ogg: Uint8Array, kbps = MP3_KBPS): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./mp3-worker.js', import.meta.url), { workerData: { ogg, kbps } })
    let settled = false
    const settle = (outcome: () => void) => {
      if (settled) return
      settled = true
      outcome()
      void worker.terminate()
    }
    worker.once('message', (answer: { mp3?: Uint8Array; error?: string }) =>
      settle(() =>
        answer.mp3
          ? resolve(Buffer.from(answer.mp3.buffer, answer.mp3.byteOffset, answer.mp3.byteLength))
          : reject(new ConversionError(answer.error ?? 'The audio could not be converted')),
      ),
    )
    worker.once('error', (error) => settle(() => reject(new ConversionError(error.message))))
    worker.once('exit', (code) => settle(() => reject(new ConversionError(`The converter stopped (${code})`))))
  })

/**
 * MP3 copies of Ogg/Opus files for browsers that cannot play Ogg (Safari on Apple devices), made once
 * and kept beside the original as `<name>.mp3`. One conversion runs at a time; a copy asked for again
 * while it is being made waits for the same conversion.
 */
export const createMp3Renditions = (convert: (ogg: Uint8Array) => Promise<Buffer> = oggOpusToMp3) => {
  const making = new Map<string, Promise<string>>()
  let queue: Promise<unknown> = Promise.resolve()

  const kept = async (target: string) => (await stat(target).catch(() => undefined))?.isFile() === true

  const make = async (file: string, target: string): Promise<string> => {
    // Made meanwhile by a conversion this one waited behind.
    if (await kept(target)) return target
    const mp3 = await convert(await readFile(file))
    // Written aside and renamed, so a half-written copy is never served.
    const partial = `${target}.${randomBytes(6).toString('hex')}.part`
    try {
      await writeFile(partial, mp3, { mode: 0o600 })
      await rename(partial, target)
    } finally {
      await rm(partial, { force: true })
    }
    return target
  }

  /** The path of the MP3 copy of `file`, making it first when there is none yet. */
  const mp3For = async (file: string): Promise<string> => {
    const target = `${file}.mp3`
    if (await kept(target)) return target
    let job = making.get(file)
    if (!job) {
      job = queue.then(() => make(file, target)).finally(() => making.delete(file))
      queue = job.catch(() => {})
      making.set(file, job)
    }
    return job
  }

  return { mp3For }
}
