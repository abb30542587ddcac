import { outreachPaths } from '../paths/outreach'
import { defineRoutes, noContent } from '../route'
import { IdParams } from '../validation'
import { TextSendRequest, TextSendResponse } from './bulk'
import { DispatchConnectionListResponse, ScheduleRequest, SyncMessageRequest, SyncMessageUserRequest } from './channels'
import { OutreachFile, OutreachFileListResponse, OutreachFileParams, OutreachFileUploadFields } from './files'
import {
  JobActionRequest,
  JobListQuery,
  JobListResponse,
  JobRecipientListQuery,
  JobRecipientListResponse,
  JobResponse,
} from './jobs'
import { OptOut, OptOutCreateRequest, OptOutListQuery, OptOutListResponse, OptOutParams } from './opt-outs'
import { ScheduleStartResponse, SendAudioRequest, SendFileRequest, SendMediaRequest, SendResponse } from './sends'

/**
 * The routes of outreach: the outreach folder, bulk sends, history import, schedules, jobs and opt-outs,
 * on the methods and paths of `../paths/outreach`.
 */
export const outreachRoutes = /* @__PURE__ */ defineRoutes(outreachPaths, () => ({
  outreachFileUpload: { multipart: OutreachFileUploadFields, response: OutreachFile },
  outreachFileList: { response: OutreachFileListResponse },
  outreachFileDelete: { params: OutreachFileParams, ...noContent },
  bulkText: { body: TextSendRequest, response: TextSendResponse },
  bulkMedia: { body: SendMediaRequest, response: SendResponse },
  bulkFile: { body: SendFileRequest, response: SendResponse },
  bulkAudio: { body: SendAudioRequest, response: SendResponse },
  syncMessage: { body: SyncMessageRequest, response: JobResponse },
  syncMessageUser: { body: SyncMessageUserRequest, response: JobResponse },
  scheduleStart: { body: ScheduleRequest, response: ScheduleStartResponse },
  dispatchConnections: { response: DispatchConnectionListResponse },
  jobList: { query: JobListQuery, response: JobListResponse },
  jobGet: { params: IdParams, response: JobResponse },
  jobAction: { params: IdParams, body: JobActionRequest, response: JobResponse },
  jobRecipients: {
    params: IdParams,
    query: JobRecipientListQuery,
    response: JobRecipientListResponse,
  },
  jobRecipientsCsv: { params: IdParams, answers: 'csv' },
  optOutList: { query: OptOutListQuery, response: OptOutListResponse },
  optOutCreate: { body: OptOutCreateRequest, response: OptOut },
  optOutDelete: { params: OptOutParams, ...noContent },
}))
