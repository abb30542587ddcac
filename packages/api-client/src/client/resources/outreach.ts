import type { BulkAudioRequest, BulkFileRequest, BulkMediaRequest, BulkTextRequest, Job } from '../../contract'
import { pathOf } from '../../contract/endpoints'
import { ApiError, INVALID_RESPONSE } from '../errors'
import { listQuery, type Requester, type RouteBody, type RouteQuery, routeCaller } from './types'

/** Fetches a route's file answer (a CSV export) with the session's token; the path comes from the route table. */
export type FileFetcher = (path: string) => Promise<Blob>

const isJob = (answer: object): answer is Job => 'kind' in answer && 'total' in answer

/** A list send answers its job; the one-number answer never comes back to a list. */
const asJob = (answer: object): Job => {
  if (isJob(answer)) return answer
  throw new ApiError({ status: 200, code: INVALID_RESPONSE, message: 'A list send answers a job' })
}

export const outreachApi = (request: Requester, fetchFile: FileFetcher) => {
  const call = routeCaller(request)
  return {
    /** `POST /zdg` with a list: the queued job (202). */
    bulkText: async (body: BulkTextRequest) => asJob(await call('bulkText', { body })),
    /** `POST /sendMedia`, `/sendMediaZDG`, `/sendMediaZDGRec` with a list: the queued job (202). */
    bulkMedia: async (body: BulkMediaRequest) => asJob(await call('bulkMedia', { body })),
    bulkFile: async (body: BulkFileRequest) => asJob(await call('bulkFile', { body })),
    bulkAudio: async (body: BulkAudioRequest) => asJob(await call('bulkAudio', { body })),
    /** `POST /sendSms` (/SMS): an SMS to each number through a telephony connection, as a job (202). */
    sendSms: (body: RouteBody<'sendSms'>) => call('sendSms', { body }),
    /** `POST /makeVoiceCall` (/VoiceCall): a call speaking the text to each number, as a job (202). */
    makeVoiceCall: (body: RouteBody<'makeVoiceCall'>) => call('makeVoiceCall', { body }),
    /** `POST /sendDirect` (/InstaDirect): an Instagram message to each name the desk can reach, as a job (202). */
    sendDirect: (body: RouteBody<'sendDirect'>) => call('sendDirect', { body }),
    /** Which Instagram user names can be messaged now, and why the others cannot. */
    directEstimate: (body: RouteBody<'directEstimate'>) => call('directEstimate', { body }),
    /** `POST /syncMessage`: the history import, as a job. */
    syncMessage: (body: RouteBody<'syncMessage'>) => call('syncMessage', { body }),
    /** `POST /sendAgendamento`: starts now the connection's jobs scheduled on `dataEnvio`. */
    scheduleStart: (body: RouteBody<'scheduleStart'>) => call('scheduleStart', { body }),
    /** Connections for the dispatch id field (only CONNECTED ones can send). */
    dispatchConnections: () => call('dispatchConnections'),
    /** The caller's jobs (all for admins), newest first, 20 a page. */
    jobs: (query: RouteQuery<'jobList'> = {}) => call('jobList', { query: listQuery(query) }),
    job: (id: number) => call('jobGet', { params: { id } }),
    /** Pause, resume, cancel or retry the failed recipients. */
    jobAction: (id: number, body: RouteBody<'jobAction'>) => call('jobAction', { params: { id }, body }),
    /** 100 a page in list order, optionally one state only. */
    recipients: (id: number, query: RouteQuery<'jobRecipients'> = {}) =>
      call('jobRecipients', { params: { id }, query: listQuery(query) }),
    /** The recipients as CSV, fetched with the session's token. */
    recipientsCsv: (id: number) => fetchFile(pathOf('jobRecipientsCsv', { id })),
    /** The server's outreach folder. */
    files: () => call('outreachFileList'),
    /** Uploads into the outreach folder; its `path` is what the file and audio pages send. */
    uploadFile: (file: Blob, name: string, overwrite = false) => {
      const form = new FormData()
      if (overwrite) form.set('overwrite', 'true')
      // `OUTREACH_FILE_FIELD`, written out: the contract's constants bring zod with them.
      form.set('file', file, name)
      return call('outreachFileUpload', { body: form })
    },
    deleteFile: async (name: string): Promise<void> => {
      await call('outreachFileDelete', { params: { name } })
    },
  }
}
export type OutreachApi = ReturnType<typeof outreachApi>
