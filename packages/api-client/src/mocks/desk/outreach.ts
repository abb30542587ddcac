import { HttpResponse } from 'msw'
import { isScheduledJob, type Job, JobListQuery, JobRecipientListQuery, OptOutListQuery } from '../../contract'
import { jobRecipientsCsvHead, jobRecipientsCsvRows } from '../../rules'
import {
  callerOf,
  type DeskHandlerContext,
  fail,
  isAdmin,
  MOCK_NOW,
  noContent,
  parseData,
  slice,
  stamp,
} from '../support'
import { sendHandlers } from './outreachSends'

const FINISHED = ['done', 'failed', 'cancelled']
export const queryOf = (request: Request) => Object.fromEntries(new URL(request.url).searchParams)

/**
 * Outreach routes as the server answers them: a list send queues a job (202) that stays where it is
 * (stories move it with `job` socket events), jobs and their recipients, actions, CSV, the outreach
 * folder and the opt-out list (admins).
 */
export function outreachHandlers({ db, route, wait }: DeskHandlerContext) {
  const signedIn = async (request: Request, adminOnly = false) => {
    await wait()
    const me = callerOf(db, request)
    if (me.response) return me
    return adminOnly && !isAdmin(me.user) ? { response: fail(403, 'ERR_NO_PERMISSION') } : me
  }
  const visible = (job: Job, userId: number, admin: boolean) => admin || job.userId === userId
  const findJob = async (request: Request, id: unknown) => {
    const me = await signedIn(request)
    if (me.response) return { response: me.response }
    const job = db.jobs.find((j) => j.id === Number(id))
    if (!job || !visible(job, me.user.id, isAdmin(me.user))) return { response: fail(404, 'ERR_NO_JOB_FOUND') }
    return { job }
  }

  const jobs = [
    route('jobList', async ({ request }) => {
      const me = await signedIn(request)
      if (me.response) return me.response
      const { data, response } = parseData(queryOf(request), JobListQuery)
      if (response) return response
      const mine = db.jobs.filter(
        (j) =>
          visible(j, me.user.id, isAdmin(me.user)) &&
          (!data.kind || j.kind === data.kind) &&
          (!data.status || j.status === data.status) &&
          (!data.scheduled || isScheduledJob(j, MOCK_NOW + db.ticks * 1000)),
      )
      if (data.scheduled) mine.sort((a, b) => (a.startAt ?? '').localeCompare(b.startAt ?? ''))
      const page = slice(mine, data.pageNumber, 20)
      return HttpResponse.json({ jobs: page.items, hasMore: page.hasMore })
    }),
    route('jobGet', async ({ request, params }) => {
      const { job, response } = await findJob(request, params.id)
      return response ?? HttpResponse.json(job)
    }),
    route('jobAction', async ({ request, params, body }) => {
      const { job, response } = await findJob(request, params.id)
      if (response) return response
      const input = await body()
      if (input.response) return input.response
      const action = input.data.action
      const finished = FINISHED.includes(job.status)
      const allowed =
        (action === 'pause' && (job.status === 'queued' || job.status === 'running')) ||
        (action === 'resume' && job.status === 'paused') ||
        (action === 'cancel' && !finished) ||
        (action === 'retryFailed' && finished && job.failed > 0) ||
        (action === 'reschedule' && job.status === 'queued')
      if (!allowed) return fail(409, action === 'cancel' ? 'ERR_JOB_FINISHED' : 'ERR_JOB_STATE')
      const change: Partial<Job> =
        action === 'pause'
          ? { status: 'paused', pauseReason: 'user', nextRunAt: null }
          : action === 'resume'
            ? { status: 'running', pauseReason: null }
            : action === 'cancel'
              ? { status: 'cancelled', pauseReason: null, nextRunAt: null, finishedAt: stamp(db) }
              : action === 'reschedule'
                ? { startAt: input.data.startAt ?? null, nextRunAt: input.data.startAt ?? null }
                : { status: 'running', failed: 0, finishedAt: null }
      Object.assign(job, change, { updatedAt: stamp(db) })
      return HttpResponse.json(job)
    }),
    route('jobRecipients', async ({ request, params }) => {
      const { job, response } = await findJob(request, params.id)
      if (response) return response
      const query = parseData(queryOf(request), JobRecipientListQuery)
      if (query.response) return query.response
      const rows = db.jobRecipients
        .filter((r) => r.jobId === job.id && (!query.data.state || r.state === query.data.state))
        .sort((a, b) => a.position - b.position)
        .map(({ jobId: _jobId, ...r }) => r)
      const page = slice(rows, query.data.pageNumber, 100)
      return HttpResponse.json({ recipients: page.items, hasMore: page.hasMore })
    }),
    route('jobRecipientsCsv', async ({ request, params }) => {
      const { job, response } = await findJob(request, params.id)
      if (response) return response
      const rows = db.jobRecipients.filter((r) => r.jobId === job.id).sort((a, b) => a.position - b.position)
      return new HttpResponse(jobRecipientsCsvHead() + jobRecipientsCsvRows(rows), {
        headers: { 'Content-Type': 'text/csv; charset=utf-8' },
      })
    }),
  ]

  const files = [
    route('outreachFileList', async ({ request }) => {
      const me = await signedIn(request)
      return me.response ?? HttpResponse.json({ files: db.outreachFiles, folder: '/srv/desk/outreach' })
    }),
    route('outreachFileUpload', async ({ request }) => {
      const me = await signedIn(request)
      if (me.response) return me.response
      const form = await request.formData().catch(() => undefined)
      const file = form?.get('file')
      if (!(file instanceof File)) {
        return fail(400, 'ERR_VALIDATION', { fields: [{ path: 'file', message: 'validation.required' }] })
      }
      const uploaded = {
        path: file.name,
        name: file.name,
        size: file.size,
        mimeType: file.type || 'application/octet-stream',
        updatedAt: stamp(db),
        uploadedBy: me.user.id,
      }
      db.outreachFiles = [...db.outreachFiles.filter((f) => f.name !== file.name), uploaded]
      return HttpResponse.json(uploaded)
    }),
    route('outreachFileDelete', async ({ request, params }) => {
      const me = await signedIn(request)
      if (me.response) return me.response
      const file = db.outreachFiles.find((f) => f.name === String(params.name))
      if (!file) return fail(404, 'ERR_OUTREACH_FILE_NOT_FOUND')
      if (!isAdmin(me.user) && file.uploadedBy !== me.user.id) return fail(403, 'ERR_NO_PERMISSION')
      db.outreachFiles = db.outreachFiles.filter((f) => f !== file)
      return noContent()
    }),
  ]

  const optOuts = [
    route('optOutList', async ({ request }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      const { data, response } = parseData(queryOf(request), OptOutListQuery)
      if (response) return response
      const page = slice(
        db.optOuts.filter((o) => o.number.startsWith(data.searchParam.replace(/\D/g, ''))),
        data.pageNumber,
        50,
      )
      return HttpResponse.json({ optOuts: page.items, hasMore: page.hasMore })
    }),
    route('optOutCreate', async ({ request, body }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      const { data, response } = await body()
      if (response) return response
      const known = db.optOuts.find((o) => o.number === data.number)
      if (known) return HttpResponse.json(known)
      const optOut = { number: data.number, source: 'admin' as const, createdAt: stamp(db) }
      db.optOuts.unshift(optOut)
      return HttpResponse.json(optOut)
    }),
    route('optOutDelete', async ({ request, params }) => {
      const me = await signedIn(request, true)
      if (me.response) return me.response
      db.optOuts = db.optOuts.filter((o) => o.number !== String(params.number).replace(/\D/g, ''))
      return noContent()
    }),
  ]

  return { outreach: [...sendHandlers({ db, route, wait }), ...jobs, ...files], optOuts }
}
