import { randomBytes } from 'node:crypto'
import { type Dirent, mkdirSync } from 'node:fs'
import { link, lstat, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { OUTREACH_FILE_LIST_MAX, type OutreachFile, type OutreachFileListResponse } from '@desk/api-client'
import { type Actor, isAdmin, noPermission } from '../users/access'
import { outreachError } from './errors'
import { ensureOutreachDir } from './folder'
import { safeFileName, sendableFileType, withExtension } from './media-type'

/** Who uploaded each file, one small record per file in this hidden folder inside the outreach folder. */
const OWNERS = '.owners'
/** Enough of a file's head for its type to show. */
const HEAD_BYTES = 4100

/** A name to store an upload under: the sender's name cleaned of anything a path could use, in the type's extension. */
export const uploadName = (original: string, ext: string) => {
  const cleaned = safeFileName(original, 'file')
    .replace(/[^\p{L}\p{N} ._()+-]/gu, '_')
    .replace(/^[.\s]+/, '')
  return withExtension(cleaned || 'file', ext)
}

const exists = () => outreachError('ERR_OUTREACH_FILE_EXISTS', 'A file with this name is already in the folder', 'file')
const notFound = () => outreachError('ERR_OUTREACH_FILE_NOT_FOUND', 'No file with this name in the folder', 'name')

/** The uploads of the outreach folder: save, list and delete, with who uploaded what. */
export const createOutreachFiles = ({ dir, maxBytes }: { dir: string; maxBytes: number }) => {
  const root = () => ensureOutreachDir(dir)
  const ownerFile = (realDir: string, name: string) => path.join(realDir, OWNERS, `${name}.json`)

  const ownerOf = async (realDir: string, name: string): Promise<number | null> => {
    try {
      const record = JSON.parse(await readFile(ownerFile(realDir, name), 'utf8')) as { userId?: unknown }
      return typeof record.userId === 'number' ? record.userId : null
    } catch {
      return null
    }
  }

  /** Admins may replace or delete any file; others only what they uploaded. */
  const requireOwnerOrAdmin = async (actor: Actor, realDir: string, name: string) => {
    if (isAdmin(actor)) return
    if ((await ownerOf(realDir, name)) !== actor.id) throw noPermission()
  }

  const describe = async (realDir: string, name: string, uploadedBy?: number | null): Promise<OutreachFile> => {
    const file = path.join(realDir, name)
    const handle = await open(file, 'r')
    try {
      const stat = await handle.stat()
      const head = Buffer.alloc(Math.min(HEAD_BYTES, stat.size))
      await handle.read(head, 0, head.length, 0)
      const mimeType = await sendableFileType(head, name, 'file').then(
        (t) => t.mime,
        () => 'application/octet-stream',
      )
      return {
        path: name,
        name,
        size: stat.size,
        mimeType,
        updatedAt: stat.mtime.toISOString(),
        uploadedBy: uploadedBy === undefined ? await ownerOf(realDir, name) : uploadedBy,
      }
    } finally {
      await handle.close()
    }
  }

  /**
   * Stores one upload under a cleaned name in the extension of its type (an image, video, audio or
   * document by its bytes). A name already taken answers 400 ERR_OUTREACH_FILE_EXISTS unless
   * `overwrite`, which only an admin or the file's uploader may ask for.
   */
  const save = async (
    actor: Actor,
    upload: { data: Buffer; fileName: string },
    overwrite: boolean,
  ): Promise<OutreachFile> => {
    if (upload.data.length > maxBytes) {
      throw outreachError('ERR_OUTREACH_FILE_TOO_LARGE', `The file is larger than ${maxBytes} bytes`, 'file')
    }
    const type = await sendableFileType(upload.data, upload.fileName, 'file')
    const name = uploadName(upload.fileName, type.ext)
    const realDir = root()
    const final = path.join(realDir, name)
    const taken = await lstat(final).then(
      () => true,
      () => false,
    )
    if (taken && !overwrite) throw exists()
    if (taken) await requireOwnerOrAdmin(actor, realDir, name)
    // Written aside first, then put in place in one step: a reader never sees half a file.
    const temporary = path.join(realDir, `.upload-${randomBytes(8).toString('hex')}`)
    await writeFile(temporary, upload.data, { flag: 'wx', mode: 0o640 })
    try {
      if (overwrite) await rename(temporary, final)
      else await link(temporary, final)
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if (code === 'EEXIST' || code === 'EISDIR' || code === 'ENOTDIR') throw exists()
      throw error
    } finally {
      await rm(temporary, { force: true })
    }
    mkdirSync(path.join(realDir, OWNERS), { recursive: true, mode: 0o750 })
    await writeFile(ownerFile(realDir, name), JSON.stringify({ userId: actor.id }), { mode: 0o640 })
    return describe(realDir, name, actor.id)
  }

  /** The regular files at the folder's top level (hidden ones aside), by name. */
  const list = async (): Promise<OutreachFileListResponse> => {
    const realDir = root()
    const entries: Dirent[] = await readdir(realDir, { withFileTypes: true })
    const names = entries
      .filter((e) => e.isFile() && !e.name.startsWith('.'))
      .map((e) => e.name)
      .sort((a, b) => a.localeCompare(b))
      .slice(0, OUTREACH_FILE_LIST_MAX)
    const files: OutreachFile[] = []
    for (const name of names) {
      // A file deleted while the list is read is left out.
      const file = await describe(realDir, name).catch(() => undefined)
      if (file) files.push(file)
    }
    return { files, folder: realDir }
  }

  /** Deletes one file (a link put there by hand: the link only). Admins, or the user who uploaded it. */
  const remove = async (actor: Actor, name: string) => {
    const realDir = root()
    const file = path.join(realDir, name)
    if (path.dirname(file) !== realDir) throw notFound()
    const stat = await lstat(file).catch(() => undefined)
    if (!stat || !(stat.isFile() || stat.isSymbolicLink())) throw notFound()
    await requireOwnerOrAdmin(actor, realDir, name)
    await rm(file, { force: true })
    await rm(ownerFile(realDir, name), { force: true })
  }

  return { save, list, remove }
}

export type OutreachFiles = ReturnType<typeof createOutreachFiles>
