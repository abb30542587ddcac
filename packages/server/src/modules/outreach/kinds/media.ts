import { requiredString, ServerFilePath } from '@desk/api-client'
import { z } from 'zod'
import type { OutboundMedia } from '../../../drivers/types'
import type { OutreachInputs } from '../../outreach-inputs/service'
import type { JobMediaCache } from './media-cache'
import { officialFields, withOfficialApi } from './official-api'
import { driverTarget, type JobKindHandler } from './types'

export type MediaInputs = Pick<OutreachInputs, 'fetchMedia' | 'readFile' | 'readAudio'>

/** `bulkMedia`: the file at `url`, with `title` as its caption. */
export const BulkMediaPayload = z.object({ url: requiredString(2048), title: requiredString(1024), ...officialFields })
export type BulkMediaPayload = z.infer<typeof BulkMediaPayload>
/** `bulkFile`: the file at `path` in the outreach folder, with `title` as its caption. */
export const BulkFilePayload = z.object({ path: ServerFilePath, title: requiredString(1024), ...officialFields })
export type BulkFilePayload = z.infer<typeof BulkFilePayload>
/** `bulkAudio`: the audio at `path` in the outreach folder, as a voice note. */
export const BulkAudioPayload = z.object({ path: ServerFilePath, ...officialFields })
export type BulkAudioPayload = z.infer<typeof BulkAudioPayload>

/** A media kind: `load` gives the job's file; it is loaded once per job (see `JobMediaCache`). */
const mediaKind = <P>(
  payload: z.ZodType<P>,
  cache: JobMediaCache,
  persist: boolean,
  load: (payload: P) => Promise<OutboundMedia>,
): JobKindHandler<P> => {
  const media = (jobId: number, p: P) => cache.get(jobId, () => load(p), { persist })
  return {
    payload,
    async prepare({ jobId }, p) {
      await media(jobId, p)
    },
    async send({ jobId, driver }, { address }, p) {
      const sent = await driver.sendMedia(driverTarget(address), await media(jobId, p))
      return { providerMessageId: sent.providerMessageId }
    },
    // The customer's conversation shows the file as any media message, with its caption.
    async conversationCopy(p, { jobId }) {
      const { data, mimeType, fileName, mediaType, caption } = await media(jobId, p)
      return { body: caption ?? '', mediaType, file: { data, mimeType, fileName } }
    },
    // Kept for a retry of the failed recipients: on disk (media by URL) until the retention ends.
    release: (jobId, options) => (options?.retryable ? cache.forget(jobId) : cache.drop(jobId)),
  }
}

/**
 * The media kinds. Each loads its file once per job, before its first recipient is claimed: media
 * by URL is fetched then and kept in a file of the job's under the data folder (a restart or a
 * 100,000-number list never fetches it again); files and audio are read from the outreach folder
 * once per job and kept in memory. A file that cannot be loaded fails the recipient with the
 * input's code (five in a row pause the job, as any failure does).
 */
export const createMediaKinds = (inputs: MediaInputs, cache: JobMediaCache) => ({
  // On the official API a template's media header takes the job's URL.
  bulkMedia: withOfficialApi(
    mediaKind(BulkMediaPayload, cache, true, ({ url, title }) => inputs.fetchMedia(url, { caption: title })),
    ({ url }) => url,
  ),
  bulkFile: withOfficialApi(
    mediaKind(BulkFilePayload, cache, false, ({ path, title }) => inputs.readFile(path, { caption: title })),
  ),
  bulkAudio: withOfficialApi(mediaKind(BulkAudioPayload, cache, false, ({ path }) => inputs.readAudio(path))),
})
