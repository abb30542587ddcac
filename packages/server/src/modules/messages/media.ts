import type { MediaType } from '@desk/api-client'
import type { Executor } from '../../db'
import { fieldError } from '../../http/errors'
import type { MediaStore } from '../media/store'
import { mediaOfPath } from './repository'

/** The kind of message a file makes, from its sniffed type (never from its name). */
export const mediaTypeOfMime = (mime: string): MediaType => {
  if (mime.startsWith('image/')) return 'image'
  if (mime.startsWith('audio/')) return 'audio'
  if (mime.startsWith('video/')) return 'video'
  return 'other'
}

/** Reads a media address this server issued back into the stored file's name. */
export const ownMedia = (media: MediaStore, url: string) => {
  const parsed = media.parseUrl(url)
  if (!parsed || !media.verify(parsed.name, parsed.expires, parsed.signature)) {
    throw fieldError('mediaUrl', 'validation.invalid')
  }
  return parsed.name
}

/**
 * A file already stored (sent again by its signed address), as a message carries it: its type,
 * size and name as the message that holds it recorded them.
 */
export const storedMedia = async (db: Executor, media: MediaStore, url: string) => {
  const path = ownMedia(media, url)
  const row = await mediaOfPath(db, path)
  return {
    media: {
      path,
      mime: row?.mediaMime ?? 'application/octet-stream',
      size: row?.mediaSize ?? null,
      fileName: row?.mediaName ?? null,
    },
    mediaType: (row?.mediaType as MediaType | undefined) ?? 'other',
  }
}
