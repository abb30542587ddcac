import { z } from 'zod'
import { Flag } from '../common'
import { safeText } from '../text'
import { VALIDATION_MESSAGES } from '../validation'

/**
 * The outreach folder on the server: files uploaded here are sent by path from the bulk file
 * and audio pages (/ZDGMedia2, /ZDGMedia3), which also take paths typed by hand.
 * `POST /outreach/files` (multipart, one file in `file`) · `GET /outreach/files` ·
 * `DELETE /outreach/files/:name` (admins, or the user who uploaded it).
 */

const m = VALIDATION_MESSAGES

/** The multipart field holding the uploaded file. */
export const OUTREACH_FILE_FIELD = 'file'
/** Largest upload into the outreach folder (the server may be configured lower). */
export const OUTREACH_FILE_MAX_BYTES = 16 * 1024 * 1024
/** Most files `GET /outreach/files` lists. */
export const OUTREACH_FILE_LIST_MAX = 1000

/** A file's name in the folder: no folders, no leading dot, no control characters. */
export const OutreachFileName = safeText({ error: m.required })
  .min(1, { error: m.required })
  .max(255, { error: m.tooLong })
  .refine((name) => !/[/\\\0]/.test(name) && !name.startsWith('.'), { error: m.invalid })

/** The text fields of the upload: `overwrite=true` replaces a file of the same name. */
export const OutreachFileUploadFields = z.object({ overwrite: Flag.optional().default(false) })
export type OutreachFileUploadFields = z.input<typeof OutreachFileUploadFields>

export const OutreachFileParams = z.object({ name: OutreachFileName })
export type OutreachFileParams = z.infer<typeof OutreachFileParams>

/** A file in the outreach folder; `path` is what the bulk forms' path field takes. */
export const OutreachFile = z.object({
  path: safeText(),
  name: safeText(),
  size: z.number().int(),
  /** Read from the file's bytes. */
  mimeType: safeText(),
  updatedAt: safeText(),
  /** Who uploaded it through the desk; null for files put in the folder by other means. */
  uploadedBy: z.number().int().nullable(),
})
export type OutreachFile = z.infer<typeof OutreachFile>

export const OutreachFileListResponse = z.object({
  files: z.array(OutreachFile),
  /** The folder on the server, for users who type absolute paths. */
  folder: safeText(),
})
export type OutreachFileListResponse = z.infer<typeof OutreachFileListResponse>
