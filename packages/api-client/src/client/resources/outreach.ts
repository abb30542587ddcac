import type {
  BulkAudioRequest,
  BulkFileRequest,
  BulkMediaRequest,
  BulkTextRequest,
  DispatchConnectionListResponse,
  Job,
  JobActionRequest,
  JobListQuery,
  JobListResponse,
  JobRecipientListQuery,
  JobRecipientListResponse,
  OutreachFile,
  OutreachFileListResponse,
  ScheduleRequest,
  ScheduleStartResponse,
  SmsRequest,
  SyncMessageRequest,
  VoiceCallRequest,
} from '../../contract'
import { pathOf } from '../../contract/endpoints'
import { ApiError, INVALID_RESPONSE } from '../errors'
import { listQuery, type Requester, routeCaller } from './types'

/** Fetches a route's file answer (a CSV export) with the session's token; the path comes from the route table. */
export type FileFetcher = (path: string) => Promise<Blob>

export interface OutreachApi {
  /** `POST /zdg` with a list: the queued job (202). */
  bulkText(body: BulkTextRequest): Promise<Job>
  /** `POST /sendMedia`, `/sendMediaZDG`, `/sendMediaZDGRec` with a list: the queued job (202). */
  bulkMedia(body: BulkMediaRequest): Promise<Job>
  bulkFile(body: BulkFileRequest): Promise<Job>
  bulkAudio(body: BulkAudioRequest): Promise<Job>
  /** `POST /sendSms` (/SMS): an SMS to each number through a telephony connection, as a job (202). */
  sendSms(body: SmsRequest): Promise<Job>
  /** `POST /makeVoiceCall` (/VoiceCall): a call speaking the text to each number, as a job (202). */
  makeVoiceCall(body: VoiceCallRequest): Promise<Job>
  /** `POST /syncMessage`: the history import, as a job. */
  syncMessage(body: SyncMessageRequest): Promise<Job>
  /** `POST /sendAgendamento`: starts now the connection's jobs scheduled on `dataEnvio`. */
  scheduleStart(body: ScheduleRequest): Promise<ScheduleStartResponse>
  /** Connections for the dispatch id field (only CONNECTED ones can send). */
  dispatchConnections(): Promise<DispatchConnectionListResponse>
  /** The caller's jobs (all for admins), newest first, 20 a page. */
  jobs(query?: JobListQuery): Promise<JobListResponse>
  job(id: number): Promise<Job>
  /** Pause, resume, cancel or retry the failed recipients. */
  jobAction(id: number, body: JobActionRequest): Promise<Job>
  /** 100 a page in list order, optionally one state only. */
  recipients(id: number, query?: JobRecipientListQuery): Promise<JobRecipientListResponse>
  /** The recipients as CSV, fetched with the session's token. */
  recipientsCsv(id: number): Promise<Blob>
  /** The server's outreach folder. */
  files(): Promise<OutreachFileListResponse>
  /** Uploads into the outreach folder; its `path` is what the file and audio pages send. */
  uploadFile(file: Blob, name: string, overwrite?: boolean): Promise<OutreachFile>
  deleteFile(name: string): Promise<void>
}

const isJob = (answer: object): answer is Job => 'kind' in answer && 'total' in answer

/** A list send answers its job; the one-number answer never comes back to a list. */
const asJob = (answer: object): Job => {
  if (isJob(answer)) return answer
  throw new ApiError({ status: 200, code: INVALID_RESPONSE, message: 'A list send answers a job' })
}

export const outreachApi = (request: Requester, fetchFile: FileFetcher): OutreachApi => {
  const call = routeCaller(request)
  return {
    bulkText: async (body) => asJob(await call('bulkText', { body })),
    bulkMedia: async (body) => asJob(await call('bulkMedia', { body })),
    bulkFile: async (body) => asJob(await call('bulkFile', { body })),
    bulkAudio: async (body) => asJob(await call('bulkAudio', { body })),
    sendSms: (body) => call('sendSms', { body }),
    makeVoiceCall: (body) => call('makeVoiceCall', { body }),
    syncMessage: (body) => call('syncMessage', { body }),
    scheduleStart: (body) => call('scheduleStart', { body }),
    dispatchConnections: () => call('dispatchConnections'),
    jobs: (query = {}) => call('jobList', { query: listQuery(query) }),
    job: (id) => call('jobGet', { params: { id } }),
    jobAction: (id, body) => call('jobAction', { params: { id }, body }),
    recipients: (id, query = {}) => call('jobRecipients', { params: { id }, query: listQuery(query) }),
    recipientsCsv: (id) => fetchFile(pathOf('jobRecipientsCsv', { id })),
    files: () => call('outreachFileList'),
    uploadFile: (file, name, overwrite = false) => {
      const form = new FormData()
      if (overwrite) form.set('overwrite', 'true')
      // `OUTREACH_FILE_FIELD`, written out: the contract's constants bring zod with them.
      form.set('file', file, name)
      return call('outreachFileUpload', { body: form })
    },
    deleteFile: async (name) => {
      await call('outreachFileDelete', { params: { name } })
    },
  }
}
