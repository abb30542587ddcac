/**
 * Outreach: the outreach folder, bulk sends, history import, schedules, jobs and opt-outs.
 * Method and path of each route, free of zod: the schemas are in `../outreach/routes.ts`.
 */
import { del, get, post, put } from './verbs'

export const outreachPaths = {
  /** The outreach folder: upload (multipart, one file in `file`), list, delete. */
  outreachFileUpload: post('/outreach/files'),
  outreachFileList: get('/outreach/files'),
  outreachFileDelete: del('/outreach/files/:name'),
  /** Bulk text: `numbers` makes a job (202), one `number` is one send. */
  bulkText: post('/zdg'),
  /** Bulk media by URL (/ZDGMedia), file by path (/ZDGMedia2), audio by path as a voice note (/ZDGMedia3). */
  bulkMedia: post('/sendMedia'),
  bulkFile: post('/sendMediaZDG'),
  bulkAudio: post('/sendMediaZDGRec'),
  /** History import as a job (/ZDGHistorico), and one contact's history (conversation screen). */
  syncMessage: post('/syncMessage'),
  syncMessageUser: post('/zdgSyncMessageUser'),
  /** Starts now the connection's jobs scheduled on a day (/ZDGAgendamento). */
  scheduleStart: post('/sendAgendamento'),
  /** The seed's "Mostrar ID de Disparo": id and status of every connection. */
  dispatchConnections: get('/whatsappzdg'),
  jobList: get('/jobs'),
  jobGet: get('/jobs/:id'),
  jobAction: put('/jobs/:id'),
  jobRecipients: get('/jobs/:id/recipients'),
  /** The recipients as a spreadsheet file (`text/csv`), streamed. */
  jobRecipientsCsv: get('/jobs/:id/recipients.csv'),
  optOutList: get('/optOuts'),
  optOutCreate: post('/optOuts'),
  optOutDelete: del('/optOuts/:number'),
} as const
