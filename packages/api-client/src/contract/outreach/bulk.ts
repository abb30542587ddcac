import { z } from 'zod'
import { Flag } from '../common'
import { JobTemplate } from '../templates'
import { safeText } from '../text'
import { requiredString, VALIDATION_MESSAGES } from '../validation'
import { SingleTextRequest } from './channels'
import { bulkBase, intervalRefine } from './internal'
import { JobResponse, SKIP_REASONS } from './jobs'
import { OUTREACH_TEXT_MAX } from './numbers'

/** Bulk sends to a list of numbers (/ZDG, /ZDGMedia, /ZDGMedia2, /ZDGMedia3). */

const m = VALIDATION_MESSAGES

/** A path on the server for file sends: forward slashes, no `..`, resolved inside the server's outreach folder. */
export const ServerFilePath = safeText({ error: m.required })
  .trim()
  .min(1, { error: m.required })
  .max(1024, { error: m.tooLong })
  .refine((p) => !p.includes('\\') && !p.includes('\0') && !p.split('/').includes('..'), { error: m.invalid })

/**
 * On a WhatsApp Cloud API connection (the official API) a job needs one of these: a `template` (sent to
 * everyone, its variables mapped to contact fields or to columns of the pasted lines, `number;name;order`),
 * or `openWindowsOnly` (the free text goes only to customers whose 24-hour window is open; the others are
 * skipped as `windowClosed`). Without either the job is refused with `ERR_TEMPLATE_REQUIRED`. Other
 * connections ignore both.
 */
const officialApi = {
  template: JobTemplate.optional(),
  openWindowsOnly: Flag.optional().default(false),
}

/**
 * `POST /zdg`: bulk text (/ZDG). A `/zdg` body with `numbers` is a bulk job; one with a
 * single `number` is the seed's one-off send (see `SingleTextRequest`).
 */
export const BulkTextRequest = z
  .object({ ...bulkBase, ...officialApi, message: requiredString(OUTREACH_TEXT_MAX) })
  .superRefine(intervalRefine)
export type BulkTextRequest = z.input<typeof BulkTextRequest>
export type BulkTextData = z.output<typeof BulkTextRequest>

/** `POST /sendMedia`: bulk media by URL (/ZDGMedia). */
export const BulkMediaRequest = z
  .object({
    ...bulkBase,
    ...officialApi,
    url: z.url({ protocol: /^https?$/, error: m.invalid }).max(2048, { error: m.tooLong }),
    title: requiredString(1024),
  })
  .superRefine(intervalRefine)
export type BulkMediaRequest = z.input<typeof BulkMediaRequest>
export type BulkMediaData = z.output<typeof BulkMediaRequest>

/** `POST /sendMediaZDG`: bulk file by path (/ZDGMedia2); `url` holds the path, as in the seed. */
export const BulkFileRequest = z
  .object({
    ...bulkBase,
    openWindowsOnly: officialApi.openWindowsOnly,
    url: ServerFilePath,
    title: requiredString(1024),
  })
  .superRefine(intervalRefine)
export type BulkFileRequest = z.input<typeof BulkFileRequest>
export type BulkFileData = z.output<typeof BulkFileRequest>

/** `POST /sendMediaZDGRec`: bulk audio recording by path (/ZDGMedia3), sent as a voice note (.ogg advised). */
export const BulkAudioRequest = z
  .object({ ...bulkBase, openWindowsOnly: officialApi.openWindowsOnly, url: ServerFilePath })
  .superRefine(intervalRefine)
export type BulkAudioRequest = z.input<typeof BulkAudioRequest>
export type BulkAudioData = z.output<typeof BulkAudioRequest>

/** `POST /zdg` with one `number`: sent at once (still one message at a time per connection), or skipped. */
export const SingleTextResponse = z.object({
  status: z.enum(['sent', 'skipped']),
  /** The address it went to (`{digits}@c.us`, `{groupId}@g.us`). */
  address: safeText().nullable(),
  providerMessageId: safeText().nullable(),
  reason: z.enum(SKIP_REASONS).nullable(),
})
export type SingleTextResponse = z.infer<typeof SingleTextResponse>

/** A text send (`POST /zdg`): a list (`numbers`) makes a job (202), one `number` is one send (200). */
export const TextSendRequest = z.union([BulkTextRequest, SingleTextRequest])
export const TextSendResponse = z.union([JobResponse, SingleTextResponse])
