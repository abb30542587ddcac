import { mkdirSync } from 'node:fs'
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { MediaType, safeText } from '@desk/api-client'
import { z } from 'zod'
import type { OutboundMedia } from '../../../drivers/types'

/** How many jobs' media stay in memory at once (each once, however many recipients it has). */
const KEPT_IN_MEMORY = 8
/** How long a finished job's media stays on disk for a retry of its failed recipients. */
export const JOB_MEDIA_RETENTION_MS = 7 * 24 * 60 * 60 * 1000

const Meta = z.object({
  mimeType: safeText(),
  fileName: safeText(),
  mediaType: MediaType,
  caption: safeText().optional(),
})

/**
 * The media of a job's sends, loaded once per job: kept in memory (a few jobs at a time) and,
 * with `persist`, in a file of its own under the data folder, so a restart does not load it again
 * (media by URL is fetched once per job, not once per recipient). `drop` deletes a finished job's;
 * `forget` frees its memory but keeps its file, so "retry failed" sends the same bytes without
 * fetching them again; `sweep` deletes files older than the retention (at start and after each job).
 */
export const createJobMediaCache = (dir: string, retentionMs = JOB_MEDIA_RETENTION_MS) => {
  mkdirSync(dir, { recursive: true, mode: 0o750 })
  const memory = new Map<number, Promise<OutboundMedia>>()
  const files = (jobId: number) => ({
    data: path.join(dir, `${jobId}.bin`),
    meta: path.join(dir, `${jobId}.json`),
  })

  const fromDisk = async (jobId: number): Promise<OutboundMedia | undefined> => {
    const { data, meta } = files(jobId)
    try {
      const parsed = Meta.safeParse(JSON.parse(await readFile(meta, 'utf8')))
      if (!parsed.success) return undefined
      return { ...parsed.data, data: await readFile(data) }
    } catch {
      return undefined
    }
  }

  const toDisk = async (jobId: number, media: OutboundMedia) => {
    const { data, meta } = files(jobId)
    const { data: bytes, ...rest } = media
    await writeFile(`${data}.tmp`, bytes, { mode: 0o640 })
    await rename(`${data}.tmp`, data)
    // The description last: a job's media counts as stored only once both files are there.
    await writeFile(`${meta}.tmp`, JSON.stringify(rest), { mode: 0o640 })
    await rename(`${meta}.tmp`, meta)
  }

  /** Deletes the files of jobs whose media was last written before the retention. */
  const sweep = async (now = Date.now()) => {
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      const file = path.join(dir, name)
      const written = await stat(file).then(
        (s) => s.mtimeMs,
        () => now,
      )
      if (now - written > retentionMs) await rm(file, { force: true })
    }
  }

  const remember = (jobId: number, media: Promise<OutboundMedia>) => {
    memory.set(jobId, media)
    if (memory.size > KEPT_IN_MEMORY) memory.delete(memory.keys().next().value as number)
    // A failed load is not kept: the next recipient tries again.
    media.catch(() => {
      if (memory.get(jobId) === media) memory.delete(jobId)
    })
    return media
  }

  return {
    /** The job's media: from memory, else from its file (with `persist`), else `load()`ed (and stored). */
    get(jobId: number, load: () => Promise<OutboundMedia>, options: { persist: boolean }): Promise<OutboundMedia> {
      const kept = memory.get(jobId)
      if (kept) return kept
      return remember(
        jobId,
        (async () => {
          if (!options.persist) return load()
          const stored = await fromDisk(jobId)
          if (stored) return stored
          const media = await load()
          await toDisk(jobId, media)
          return media
        })(),
      )
    },
    async drop(jobId: number) {
      memory.delete(jobId)
      const { data, meta } = files(jobId)
      await rm(meta, { force: true })
      await rm(data, { force: true })
      await sweep()
    },
    async forget(jobId: number) {
      memory.delete(jobId)
      await sweep()
    },
    sweep,
  }
}

export type JobMediaCache = ReturnType<typeof createJobMediaCache>
