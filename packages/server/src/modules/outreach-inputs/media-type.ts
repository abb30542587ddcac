import path from 'node:path'
import { fileTypeFromBuffer } from 'file-type'
import type { OutboundMedia } from '../../drivers/types'
import { mediaTypeOfMime } from '../messages/media'
import { outreachError } from './errors'

/** Documents the desk sends as files, besides images, videos and audio. */
const DOCUMENT_TYPES = new Set([
  'application/pdf',
  'application/rtf',
  'application/epub+zip',
  'application/zip',
  'application/x-cfb', // .doc, .xls, .ppt
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/vnd.oasis.opendocument.text',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/vnd.oasis.opendocument.presentation',
])

/** Types that pass as images, videos or audio but are not what a chat shows (scripts, containers of anything). */
const REFUSED_TYPES = new Set(['image/svg+xml', 'application/x-shockwave-flash'])

export interface SniffedType {
  mime: string
  ext: string
}

/**
 * The type of a file read from its bytes (never from a header or a name): an image, a video, an
 * audio or a document the desk can send, else `ERR_OUTREACH_MEDIA_TYPE` on `field`.
 */
export const sendableType = async (data: Buffer, field: string): Promise<SniffedType> => {
  const found = await fileTypeFromBuffer(data)
  const mime = found?.mime
  const ok =
    mime !== undefined && !REFUSED_TYPES.has(mime) && (/^(image|video|audio)\//.test(mime) || DOCUMENT_TYPES.has(mime))
  if (!found || !ok) {
    throw outreachError(
      'ERR_OUTREACH_MEDIA_TYPE',
      `The content is ${mime ?? 'of no recognised type'}, not an image, video, audio or document`,
      field,
    )
  }
  return normalised(found)
}

/** `audio/ogg; codecs=opus` is `audio/ogg` (what drivers send as a voice note), named `.ogg`. */
const normalised = ({ mime, ext }: SniffedType): SniffedType => {
  const base = mime.split(';')[0]?.trim() ?? mime
  return { mime: base, ext: base === 'audio/ogg' ? 'ogg' : ext }
}

/** Text documents recognised by their name when their bytes carry no signature (files by path only). */
const TEXT_DOCUMENTS: Record<string, string> = { '.txt': 'text/plain', '.csv': 'text/csv' }

/**
 * `sendableType` for a file the desk's users put in the outreach folder: the same rule, plus plain
 * text and CSV named `.txt`/`.csv` whose bytes are UTF-8 text (they have no signature to read).
 */
export const sendableFileType = async (data: Buffer, fileName: string, field: string): Promise<SniffedType> => {
  try {
    return await sendableType(data, field)
  } catch (error) {
    const ext = path.extname(fileName).toLowerCase()
    const mime = TEXT_DOCUMENTS[ext]
    if (mime && isUtf8Text(data)) return { mime, ext: ext.slice(1) }
    throw error
  }
}

const isUtf8Text = (data: Buffer) => !data.includes(0) && Buffer.from(data.toString('utf8'), 'utf8').equals(data)

/** A file name safe to show and send: no folders, no control characters, at most 120 characters. */
export const safeFileName = (raw: string, fallback = 'file'): string => {
  const base = path.posix.basename(raw.replaceAll('\\', '/'))
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what goes
  const cleaned = base.replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '').trim()
  const name = cleaned === '.' || cleaned === '..' ? '' : cleaned
  if (!name) return fallback
  if (name.length <= 120) return name
  const ext = path.extname(name).slice(0, 16)
  return `${name.slice(0, 120 - ext.length)}${ext}`
}

/** The name ends in the extension of the type its bytes show (`photo` → `photo.png`). */
export const withExtension = (name: string, ext: string) =>
  path.extname(name).toLowerCase() === `.${ext}` ? name : `${name.replace(/\.[^.]*$/, '') || 'file'}.${ext}`

/** A sendable file as drivers take it. */
export const toOutboundMedia = (
  data: Buffer,
  type: SniffedType,
  fileName: string,
  caption?: string,
): OutboundMedia => ({
  data,
  mimeType: type.mime,
  fileName: withExtension(fileName, type.ext),
  mediaType: mediaTypeOfMime(type.mime),
  ...(caption ? { caption } : {}),
})
