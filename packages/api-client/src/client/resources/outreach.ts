import type {
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
} from '../../contract'
import { pathOf } from '../../contract/endpoints'
import { ApiError, INVALID_RESPONSE } from '../errors'
import { listQuery, type Requester, routeCaller } from './types'

/** Fetches a route's file answer (a CSV export) with the session's token; the path comes from the route table. */
export type FileFetcher = (path: string) => Promise<Blob>

export interface OutreachApi {
  /** `POST /zdg` with a list: the queued job (202). */
  bulkText(body: BulkTextRequest): Promise<Job>
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

export const outreachApi = (request: Requester, fetchFile: FileFetcher): OutreachApi => {
  const call = routeCaller(request)
  return {
    async bulkText(body) {
      const answer = await call('bulkText', { body })
      if (isJob(answer)) return answer
      throw new ApiError({ status: 200, code: INVALID_RESPONSE, message: 'A list send answers a job' })
    },
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
