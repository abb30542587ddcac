import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** How long a signed media address works. */
export const MEDIA_URL_TTL_SECONDS = 6 * 60 * 60

const SAFE_NAME = /^[a-f0-9]{32}\.[a-z0-9]{1,8}$/

/** Recognises a file from its first bytes; the name a sender gives is never trusted for the type. */
export const sniffMime = (data: Buffer): string => {
  const hex = data.subarray(0, 12).toString('hex')
  const ascii = data.subarray(0, 12).toString('latin1')
  if (hex.startsWith('89504e470d0a1a0a')) return 'image/png'
  if (hex.startsWith('ffd8ff')) return 'image/jpeg'
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'image/gif'
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'image/webp'
  if (ascii.startsWith('%PDF-')) return 'application/pdf'
  if (ascii.startsWith('OggS')) return 'audio/ogg'
  if (ascii.startsWith('ID3') || hex.startsWith('fffb') || hex.startsWith('fff3')) return 'audio/mpeg'
  if (ascii.slice(4, 8) === 'ftyp') return 'video/mp4'
  if (hex.startsWith('1a45dfa3')) return 'video/webm'
  return 'application/octet-stream'
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
  'audio/ogg': 'ogg',
  'audio/mpeg': 'mp3',
  'video/mp4': 'mp4',
  'video/webm': 'webm',
}

/** A file just stored: its name in the store, its type read from its content and its size in bytes. */
export interface SavedMedia {
  name: string
  mime: string
  size: number
}

/**
 * Media files under `${dataDir}/media`, named at random, served through addresses signed
 * with the server secret that expire (an `<img>` cannot send a bearer token).
 */
export const createMediaStore = ({
  dataDir,
  secret,
  publicUrl = '',
}: {
  dataDir: string
  secret: string
  publicUrl?: string
}) => {
  const dir = path.join(dataDir, 'media')
  const sign = (name: string, expires: number) =>
    createHmac('sha256', `media:${secret}`).update(`${name}:${expires}`).digest('base64url')

  const save = async (data: Buffer): Promise<SavedMedia> => {
    mkdirSync(dir, { recursive: true })
    const mime = sniffMime(data)
    const name = `${randomBytes(16).toString('hex')}.${EXTENSIONS[mime] ?? 'bin'}`
    await writeFile(path.join(dir, name), data, { mode: 0o600 })
    return { name, mime, size: data.length }
  }

  /**
   * Stores a file many messages share (a bulk job's media in each customer's conversation): named after
   * its content, so every process and every recipient of the job points at one file, written once.
   */
  const saveShared = async (data: Buffer): Promise<SavedMedia> => {
    mkdirSync(dir, { recursive: true })
    const mime = sniffMime(data)
    const name = `${createHash('sha256').update(data).digest('hex').slice(0, 32)}.${EXTENSIONS[mime] ?? 'bin'}`
    const file = path.join(dir, name)
    const present = await stat(file).then(
      (s) => s.size === data.length,
      () => false,
    )
    if (!present) {
      const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`
      await writeFile(temp, data, { mode: 0o600 })
      await rename(temp, file)
    }
    return { name, mime, size: data.length }
  }

  /** Removes a saved file whose message was not stored after all; a file already gone is fine. */
  const discard = async (name: string) => {
    if (SAFE_NAME.test(name)) await rm(path.join(dir, name), { force: true })
  }

  /**
   * `/api/media/<signature>/<expires>/<name>.<ext>`: the address ends in the file's extension
   * (the seed's clients choose picture, sound or download from it). The older form
   * `/api/media/<name>?expires=…&signature=…` is still served, with the same signature. With a
   * public URL configured the address is absolute (`https://desk.example.com/api/media/…`).
   */
  const signedUrl = (name: string, now = Date.now()) => {
    const expires = Math.floor(now / 1000) + MEDIA_URL_TTL_SECONDS
    return `${publicUrl}/api/media/${sign(name, expires)}/${expires}/${name}`
  }

  /** Reads either address form back into the parts `verify` checks; null when it is neither. */
  const parseUrl = (url: string): { name: string; expires: number; signature: string } | null => {
    let parsed: URL
    try {
      parsed = new URL(url, 'http://desk.invalid')
    } catch {
      return null
    }
    const base = publicUrl ? new URL(publicUrl).pathname.replace(/\/+$/, '') : ''
    const path = parsed.pathname
      .slice(parsed.pathname.startsWith(`${base}/api/`) ? base.length : 0)
      .match(/^\/api\/media\/(?:([\w-]+)\/(\d+)\/)?([^/]+)$/)
    if (!path?.[3]) return null
    if (path[1]) return { name: path[3], expires: Number(path[2]), signature: path[1] }
    return {
      name: path[3],
      expires: Number(parsed.searchParams.get('expires')),
      signature: parsed.searchParams.get('signature') ?? '',
    }
  }

  /** The file's path when the signature matches and has not expired, else null. */
  const verify = (name: string, expires: number, signature: string, now = Date.now()): string | null => {
    if (!SAFE_NAME.test(name) || !Number.isInteger(expires) || expires < now / 1000) return null
    const expected = Buffer.from(sign(name, expires))
    const given = Buffer.from(signature)
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
    return path.join(dir, name)
  }

  return { save, saveShared, discard, signedUrl, parseUrl, verify, dir }
}

export type MediaStore = ReturnType<typeof createMediaStore>
