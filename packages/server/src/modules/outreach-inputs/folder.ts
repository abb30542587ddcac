import { constants, mkdirSync, realpathSync } from 'node:fs'
import { type FileHandle, open, readlink, realpath } from 'node:fs/promises'
import path from 'node:path'
import type { OutboundMedia } from '../../drivers/types'
import { outreachError } from './errors'
import { type SniffedType, sendableFileType, toOutboundMedia } from './media-type'

/** The outreach folder: the only place bulk file and audio sends read from. */
export interface OutreachFolderOptions {
  /** The folder (absolute); created when missing. */
  dir: string
  /** Largest file read, in bytes. */
  maxBytes: number
  /** The form field the path came from, named in errors (default `path`). */
  field?: string
}

export interface ReadOptions {
  /** Text sent with the file (the bulk form's title). */
  caption?: string
}

/** Creates the folder when missing and answers its real path (symlinks in its own path resolved). */
export const ensureOutreachDir = (dir: string) => {
  mkdirSync(dir, { recursive: true, mode: 0o750 })
  return realpathSync(dir)
}

const inside = (root: string, target: string) => {
  const relative = path.relative(root, target)
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative)
}

const forbidden = (message: string, field: string) => outreachError('ERR_OUTREACH_PATH_FORBIDDEN', message, field)

/**
 * Where a typed path points, before any file is touched: relative to the folder, or absolute
 * inside it (the seed's users type absolute paths with forward slashes). `..` segments,
 * backslashes, NUL bytes and absolute paths elsewhere are refused.
 */
export const resolveOutreachPath = (dir: string, realDir: string, typed: string, field = 'path') => {
  const text = typed.trim()
  if (!text || text.includes('\0') || text.includes('\\')) throw forbidden('This is not a path', field)
  if (text.split('/').includes('..')) throw forbidden('Paths may not go up with ..', field)
  if (path.isAbsolute(text)) {
    const absolute = path.resolve(text)
    if (!inside(dir, absolute) && !inside(realDir, absolute)) {
      throw forbidden('Absolute paths must lie inside the outreach folder', field)
    }
    return absolute
  }
  return path.resolve(dir, text)
}

/** The open file's own path as the kernel sees it (Linux), to catch a folder swapped after the check. */
const openedPath = async (handle: FileHandle) => {
  try {
    return await readlink(`/proc/self/fd/${handle.fd}`)
  } catch {
    return undefined
  }
}

/**
 * Reads one regular file inside the folder: the path must resolve (symlinks followed) to a file
 * inside the folder's real path; a symlink leading out, a directory, a device or a pipe is
 * `ERR_OUTREACH_PATH_FORBIDDEN`, a missing file `ERR_OUTREACH_FILE_NOT_FOUND`, a file past
 * `maxBytes` `ERR_OUTREACH_FILE_TOO_LARGE`. Symlinks that stay inside the folder are followed.
 */
export const readInsideFolder = async (options: OutreachFolderOptions, typed: string) => {
  const field = options.field ?? 'path'
  const realDir = ensureOutreachDir(options.dir)
  const target = resolveOutreachPath(path.resolve(options.dir), realDir, typed, field)
  let real: string
  try {
    real = await realpath(target)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      throw outreachError('ERR_OUTREACH_FILE_NOT_FOUND', `No file at ${typed} in the outreach folder`, field)
    }
    throw forbidden(`${typed} cannot be read (${code})`, field)
  }
  if (!inside(realDir, real)) throw forbidden(`${typed} leads outside the outreach folder`, field)
  let handle: FileHandle
  try {
    // O_NOFOLLOW: the file resolved above, not a link put there since; O_NONBLOCK: a pipe never blocks.
    handle = await open(real, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') throw outreachError('ERR_OUTREACH_FILE_NOT_FOUND', `No file at ${typed}`, field)
    throw forbidden(`${typed} cannot be read (${code})`, field)
  }
  try {
    const stat = await handle.stat()
    if (!stat.isFile()) throw forbidden(`${typed} is not a regular file`, field)
    const opened = await openedPath(handle)
    if (opened !== undefined && !inside(realDir, opened))
      throw forbidden(`${typed} leads outside the outreach folder`, field)
    if (stat.size > options.maxBytes) {
      throw outreachError('ERR_OUTREACH_FILE_TOO_LARGE', `${typed} is larger than ${options.maxBytes} bytes`, field)
    }
    // Read one byte past the cap, so a file that grew since the check is still refused.
    const buffer = Buffer.alloc(Math.min(stat.size, options.maxBytes) + 1)
    let length = 0
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length)
      if (bytesRead === 0) break
      length += bytesRead
    }
    if (length > options.maxBytes) {
      throw outreachError('ERR_OUTREACH_FILE_TOO_LARGE', `${typed} is larger than ${options.maxBytes} bytes`, field)
    }
    if (length === 0) throw outreachError('ERR_OUTREACH_MEDIA_TYPE', `${typed} is empty`, field)
    return { data: buffer.subarray(0, length), name: path.basename(real), realPath: real }
  } finally {
    await handle.close()
  }
}

/**
 * A file from the outreach folder as a bulk file send takes it (/ZDGMedia2): an image, video,
 * audio or document by its bytes (plain text and CSV by their name), named as on disk.
 */
export const readOutreachFile = async (
  options: OutreachFolderOptions,
  typed: string,
  read: ReadOptions = {},
): Promise<OutboundMedia> => {
  const field = options.field ?? 'path'
  const file = await readInsideFolder(options, typed)
  const type = await sendableFileType(file.data, file.name, field)
  return toOutboundMedia(file.data, type, file.name, read.caption)
}

/**
 * An audio file from the outreach folder, sent as a voice note (/ZDGMedia3): it must be audio by
 * its bytes. OGG/Opus (`audio/ogg`) is what every network plays as a voice note; other audio goes
 * as an audio file.
 */
export const readOutreachAudio = async (options: OutreachFolderOptions, typed: string): Promise<OutboundMedia> => {
  const field = options.field ?? 'path'
  const file = await readInsideFolder(options, typed)
  const type: SniffedType = await sendableFileType(file.data, file.name, field)
  if (!type.mime.startsWith('audio/')) {
    throw outreachError('ERR_OUTREACH_MEDIA_TYPE', `${typed} is ${type.mime}, not audio`, field)
  }
  return toOutboundMedia(file.data, type, file.name)
}
