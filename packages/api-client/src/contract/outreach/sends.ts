import { z } from 'zod'
import { requiredString } from '../validation'
import { BulkAudioRequest, BulkFileRequest, BulkMediaRequest, SingleTextResponse } from './bulk'
import { dispatch } from './internal'
import { Job, JobResponse } from './jobs'

/**
 * The media sends' bodies (/ZDGMedia, /ZDGMedia2, /ZDGMedia3): with `numbers` each is a job
 * (202, as `/zdg`); with one `number` (the seed's clients loop themselves) it is one send at once.
 */

/** One send's body: the connection, the seed's token, one `number`, and the fields of its bulk body. */
const single = <T extends z.ZodRawShape>(fields: T) => z.object({ ...dispatch, number: requiredString(100), ...fields })

/** `POST /sendMedia` with one `number`: the media at `url` with `title` as its caption. */
export const SingleMediaRequest = single({ url: BulkMediaRequest.shape.url, title: BulkMediaRequest.shape.title })
export type SingleMediaRequest = z.input<typeof SingleMediaRequest>

/** `POST /sendMediaZDG` with one `number`: the file at the path in `url`, `title` its caption. */
export const SingleFileRequest = single({ url: BulkFileRequest.shape.url, title: BulkFileRequest.shape.title })
export type SingleFileRequest = z.input<typeof SingleFileRequest>

/** `POST /sendMediaZDGRec` with one `number`: the audio at the path in `url`, as a voice note. */
export const SingleAudioRequest = single({ url: BulkAudioRequest.shape.url })
export type SingleAudioRequest = z.input<typeof SingleAudioRequest>

/** What one send answers (the same for text, media, file and audio). */
export const SingleSendResponse = SingleTextResponse
export type SingleSendResponse = z.infer<typeof SingleSendResponse>

export const SendMediaRequest = z.union([BulkMediaRequest, SingleMediaRequest])
export const SendFileRequest = z.union([BulkFileRequest, SingleFileRequest])
export const SendAudioRequest = z.union([BulkAudioRequest, SingleAudioRequest])
/** A list makes a job (202), one `number` is one send (200). */
export const SendResponse = z.union([JobResponse, SingleSendResponse])
export type SendResponse = z.infer<typeof SendResponse>

/**
 * `POST /sendAgendamento` answers the jobs it started: every job of the connection still waiting
 * for a `startAt` on `dataEnvio` (that day in the job's sending-window time zone, else UTC).
 */
export const ScheduleStartResponse = z.object({ jobs: z.array(Job) })
export type ScheduleStartResponse = z.infer<typeof ScheduleStartResponse>
