import {
  BulkAudioRequest,
  BulkFileRequest,
  BulkMediaRequest,
  type Job,
  type JobKind,
  SingleAudioRequest,
  SingleFileRequest,
  SingleMediaRequest,
  type SingleSendResponse,
} from '@desk/api-client'
import type { Db } from '../../db'
import type { MessagingDriver, OutboundMedia } from '../../drivers/types'
import { AppError, parseInput } from '../../http/errors'
import { findConnectionRow } from '../connections/repository'
import type { SessionManager } from '../connections/sessions'
import { outreachError } from '../outreach-inputs/errors'
import type { OutreachInputs } from '../outreach-inputs/service'
import type { BulkInput, createJobCreation } from './creation'
import type { createSingleSend } from './single-send'

/** A job made (202) or one message sent. */
export type SendOutcome = { job: Job } | { single: SingleSendResponse }

type Owner = number | null

/** The seed's bodies carry a list in `numbers`; one with a single `number` is one send. */
export const isBulkBody = (body: unknown) => Boolean(body && typeof body === 'object' && 'numbers' in body)

const sendMedia = (driver: MessagingDriver, to: string, media: OutboundMedia) => driver.sendMedia(to, media)

/**
 * The media sends and the history import, on top of job creation and single sends. Each checks
 * its input before anything is stored: the URL's form and where its host points (media), the path
 * inside the outreach folder and the file's type (files and audio, named `url` as in the seed),
 * the network's history (imports). A refusal is a 400 with its `ERR_OUTREACH_*` code.
 */
export const createOutreachSends = ({
  db,
  sessions,
  inputs,
  createJob,
  sendSingle,
}: {
  db: Db
  sessions: Pick<SessionManager, 'driver'>
  inputs: Pick<OutreachInputs, 'checkUrl' | 'fetchMedia' | 'readFile' | 'readAudio'>
  createJob: ReturnType<typeof createJobCreation>
  sendSingle: ReturnType<typeof createSingleSend>
}) => {
  const job = async (owner: Owner, kind: JobKind, input: BulkInput, payload: unknown): Promise<SendOutcome> => ({
    job: await createJob(owner, kind, input, payload),
  })

  const media = async (owner: Owner, body: unknown): Promise<SendOutcome> => {
    if (isBulkBody(body)) {
      const input = parseInput(BulkMediaRequest, body)
      const payload = {
        url: input.url,
        title: input.title,
        template: input.template,
        openWindowsOnly: input.openWindowsOnly,
      }
      await createJob.checkOfficial(input.ticketwhatsappId, 'bulkMedia', payload)
      await inputs.checkUrl(input.url)
      return job(owner, 'bulkMedia', input, payload)
    }
    const input = parseInput(SingleMediaRequest, body)
    const load = () => inputs.fetchMedia(input.url, { caption: input.title })
    return { single: await sendSingle(owner, input, load, sendMedia) }
  }

  const file = async (owner: Owner, body: unknown): Promise<SendOutcome> => {
    if (isBulkBody(body)) {
      const input = parseInput(BulkFileRequest, body)
      await createJob.checkOfficial(input.ticketwhatsappId, 'bulkFile', { openWindowsOnly: input.openWindowsOnly })
      await inputs.readFile(input.url, { field: 'url' })
      return job(owner, 'bulkFile', input, {
        path: input.url,
        title: input.title,
        openWindowsOnly: input.openWindowsOnly,
      })
    }
    const input = parseInput(SingleFileRequest, body)
    const load = () => inputs.readFile(input.url, { caption: input.title, field: 'url' })
    return { single: await sendSingle(owner, input, load, sendMedia) }
  }

  const audio = async (owner: Owner, body: unknown): Promise<SendOutcome> => {
    if (isBulkBody(body)) {
      const input = parseInput(BulkAudioRequest, body)
      await createJob.checkOfficial(input.ticketwhatsappId, 'bulkAudio', { openWindowsOnly: input.openWindowsOnly })
      await inputs.readAudio(input.url, { field: 'url' })
      return job(owner, 'bulkAudio', input, { path: input.url, openWindowsOnly: input.openWindowsOnly })
    }
    const input = parseInput(SingleAudioRequest, body)
    return { single: await sendSingle(owner, input, () => inputs.readAudio(input.url, { field: 'url' }), sendMedia) }
  }

  /**
   * A history import job (`/syncMessage`, or one contact's with `/zdgSyncMessageUser`). Networks
   * that keep no history (the Cloud API) are refused here, before a job exists.
   */
  const syncMessage = async (
    owner: Owner,
    input: { ticketwhatsappId: number; limit: number; contact?: string },
  ): Promise<Job> => {
    const connection = await findConnectionRow(db, input.ticketwhatsappId)
    if (!connection) throw new AppError('ERR_NO_WAPP_FOUND', 404)
    const driver = await sessions.driver(connection.id)
    if (connection.driver === 'cloud-api' || (driver && !driver.fetchHistory)) {
      throw outreachError('ERR_OUTREACH_HISTORY_UNSUPPORTED', `The ${connection.driver} network keeps no history`)
    }
    const base = { ticketwhatsappId: connection.id, numbers: [], minInterval: 0, maxInterval: 0, isGroup: false }
    const payload = input.contact ? { limit: input.limit, contact: input.contact } : { limit: input.limit }
    return createJob(owner, 'syncMessage', base, payload)
  }

  return { media, file, audio, syncMessage }
}

export type OutreachSends = ReturnType<typeof createOutreachSends>
