import type { MessageMediaType } from '../types'

export type FileKind = 'pdf' | 'spreadsheet' | 'document' | 'archive' | 'audio' | 'video' | 'image' | 'generic'

const BY_EXTENSION: Record<string, FileKind> = {
  pdf: 'pdf',
  xls: 'spreadsheet',
  xlsx: 'spreadsheet',
  xlsm: 'spreadsheet',
  ods: 'spreadsheet',
  csv: 'spreadsheet',
  tsv: 'spreadsheet',
  numbers: 'spreadsheet',
  doc: 'document',
  docx: 'document',
  odt: 'document',
  rtf: 'document',
  txt: 'document',
  md: 'document',
  pages: 'document',
  ppt: 'document',
  pptx: 'document',
  odp: 'document',
  key: 'document',
  zip: 'archive',
  rar: 'archive',
  '7z': 'archive',
  tar: 'archive',
  gz: 'archive',
  tgz: 'archive',
  bz2: 'archive',
  xz: 'archive',
  mp3: 'audio',
  ogg: 'audio',
  oga: 'audio',
  opus: 'audio',
  wav: 'audio',
  m4a: 'audio',
  aac: 'audio',
  flac: 'audio',
  mp4: 'video',
  webm: 'video',
  mov: 'video',
  mkv: 'video',
  avi: 'video',
  '3gp': 'video',
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  heic: 'image',
  svg: 'image',
}

/** The kind of a file for its icon and label: from its name's extension, else from the message's type. */
export function fileKindOf(name: string, mediaType: MessageMediaType): FileKind {
  const extension = /\.([a-z0-9]{1,8})$/i.exec(name.trim())?.[1]?.toLowerCase()
  const known = extension ? BY_EXTENSION[extension] : undefined
  if (known) return known
  if (mediaType === 'audio' || mediaType === 'video' || mediaType === 'image') return mediaType
  return 'generic'
}

/** The last part of a media address, decoded: a name when nothing better is known. */
export function nameFromUrl(url: string): string {
  const last = url.split(/[?#]/)[0]?.split('/').pop() ?? ''
  try {
    return decodeURIComponent(last)
  } catch {
    return last
  }
}
