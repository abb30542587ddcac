import path from 'node:path'
import { DEFAULT_OUTREACH_FETCH_TIMEOUT_MS, DEFAULT_OUTREACH_MAX_BYTES } from '../../config'
import type { HistoryOptions, OutboundMedia } from '../../drivers/types'
import { checkOutreachUrl, fetchOutreachMedia } from './fetch-media'
import { ensureOutreachDir, readOutreachAudio, readOutreachFile } from './folder'
import { type HistoryImportDeps, type HistoryImportProgress, importHistory } from './history-import'
import { createOutreachFiles } from './uploads'

/** Where bulk file sends read from and what media by URL may fetch. */
export interface OutreachConfig {
  /** The only folder files and audio are sent from by path (default `${dataDir}/outreach`), created when missing. */
  dir: string
  /** Media by URL may come from loopback and private addresses (tests, self-hosting). Off by default. */
  allowPrivateUrls: boolean
  /** Private addresses media by URL may come from one by one (a file server on the local network). */
  allowAddresses: string[]
  /** Largest file sent by URL, by path or uploaded (default 16 MB). */
  maxBytes: number
  /** A fetch by URL, redirects included, ends within this (default 30 s). */
  fetchTimeoutMs: number
}

/** The outreach settings with their defaults filled in. */
export const outreachConfigOf = (config: { dataDir: string; outreach?: Partial<OutreachConfig> }): OutreachConfig => ({
  dir: path.resolve(config.outreach?.dir ?? path.join(config.dataDir, 'outreach')),
  allowPrivateUrls: config.outreach?.allowPrivateUrls ?? false,
  allowAddresses: config.outreach?.allowAddresses ?? [],
  maxBytes: config.outreach?.maxBytes ?? DEFAULT_OUTREACH_MAX_BYTES,
  fetchTimeoutMs: config.outreach?.fetchTimeoutMs ?? DEFAULT_OUTREACH_FETCH_TIMEOUT_MS,
})

/**
 * What the outreach job kinds read their media from, bound to the server's configuration:
 * media by URL (/ZDGMedia), files and audio by path in the outreach folder (/ZDGMedia2,
 * /ZDGMedia3), the folder's uploads, and history import (/ZDGHistorico). Every refusal is an `OutreachInputError`: a 400 with an
 * `ERR_OUTREACH_*` code on the field (`url` or `path`), which a job records per recipient or
 * answers when the job is created.
 */
export const createOutreachInputs = (config: OutreachConfig, history: HistoryImportDeps) => {
  ensureOutreachDir(config.dir)
  const folder = { dir: config.dir, maxBytes: config.maxBytes }
  return {
    config,
    /** Downloads a file by URL, checked as `fetchOutreachMedia` says; `caption` is the form's title. */
    fetchMedia: (url: string, options: { caption?: string } = {}): Promise<OutboundMedia> =>
      fetchOutreachMedia(url, {
        maxBytes: config.maxBytes,
        allowPrivateUrls: config.allowPrivateUrls,
        allowAddresses: config.allowAddresses,
        timeoutMs: config.fetchTimeoutMs,
        caption: options.caption,
      }),
    /** Checks an address before a bulk send is created (form, and where its host points), without downloading. */
    checkUrl: (url: string): Promise<void> =>
      checkOutreachUrl(url, { allowPrivateUrls: config.allowPrivateUrls, allowAddresses: config.allowAddresses }),
    /** A file by path inside the outreach folder; `caption` is the form's title. */
    readFile: (path: string, options: { caption?: string; field?: string } = {}): Promise<OutboundMedia> =>
      readOutreachFile({ ...folder, field: options.field }, path, { caption: options.caption }),
    /** An audio file by path inside the outreach folder, sent as a voice note when it is OGG. */
    readAudio: (path: string, options: { field?: string } = {}): Promise<OutboundMedia> =>
      readOutreachAudio({ ...folder, field: options.field }, path),
    files: createOutreachFiles(folder),
    /** Imports a connection's device history into tickets, each message once (see `importHistory`). */
    importHistory: (
      connectionId: number,
      options: HistoryOptions,
      onProgress?: (progress: HistoryImportProgress) => void | Promise<void>,
    ) => importHistory(history, connectionId, options, onProgress),
  }
}

export type OutreachInputs = ReturnType<typeof createOutreachInputs>
