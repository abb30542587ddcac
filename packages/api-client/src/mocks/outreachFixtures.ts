import type { Job, JobRecipient, OptOut, OutreachFile } from '../contract'

/** Outreach fixtures for the page stories: a running text job, a finished one and a paused file job. */

const base = {
  failed: 0,
  skipped: 0,
  uncertain: 0,
  connectionId: 1,
  userId: 1,
  minInterval: 5,
  maxInterval: 10,
  pauseReason: null,
  waitingReason: null,
  nextRunAt: null,
  startAt: null,
  estimatedEndAt: null,
  window: null,
  dailyCap: null,
  error: null,
  finishedAt: null,
} satisfies Partial<Job>

export const jobs: Job[] = [
  {
    ...base,
    id: 501,
    kind: 'bulkText',
    status: 'running',
    total: 120,
    sent: 58,
    skipped: 1,
    waitingReason: 'interval',
    nextRunAt: '2026-01-15T10:30:07.000Z',
    estimatedEndAt: '2026-01-15T10:45:00.000Z',
    createdAt: '2026-01-15T10:00:00.000Z',
  },
  {
    ...base,
    id: 502,
    kind: 'bulkFile',
    status: 'paused',
    total: 30,
    sent: 12,
    failed: 5,
    pauseReason: 'failures',
    createdAt: '2026-01-15T09:10:00.000Z',
  },
  {
    ...base,
    id: 503,
    kind: 'bulkMedia',
    status: 'queued',
    total: 25,
    sent: 0,
    waitingReason: 'startAt',
    startAt: '2026-01-16T09:00:00.000Z',
    nextRunAt: '2026-01-16T09:00:00.000Z',
    createdAt: '2026-01-14T18:00:00.000Z',
  },
  {
    ...base,
    id: 500,
    kind: 'bulkText',
    status: 'done',
    total: 40,
    sent: 38,
    failed: 1,
    uncertain: 1,
    createdAt: '2026-01-14T16:00:00.000Z',
    finishedAt: '2026-01-14T16:12:00.000Z',
  },
]

const numbers = ['5511987654321', '5521987654321', '557187654321', '5511912345678', '14155550123', '5531988887777']

/** Recipients of job 501 (the running text job). */
export const jobRecipients: (JobRecipient & { jobId: number })[] = numbers.map((entry, index) => ({
  jobId: 501,
  id: 9001 + index,
  position: index + 1,
  entry,
  address: `${entry}@c.us`,
  state: (['sent', 'sent', 'uncertain', 'skipped', 'sending', 'queued'] as const)[index],
  reason: index === 2 ? 'interrupted' : index === 3 ? 'duplicate' : null,
  providerMessageId: index < 2 ? `3EB0C767D26A1D5B5C4${index}` : null,
  updatedAt: `2026-01-15T10:0${index}:00.000Z`,
}))

export const outreachFiles: OutreachFile[] = [
  {
    path: 'catalog-2026.pdf',
    name: 'catalog-2026.pdf',
    size: 482_133,
    mimeType: 'application/pdf',
    updatedAt: '2026-01-14T12:00:00.000Z',
    uploadedBy: 1,
  },
  {
    path: 'greeting.ogg',
    name: 'greeting.ogg',
    size: 38_912,
    mimeType: 'audio/ogg',
    updatedAt: '2026-01-14T12:05:00.000Z',
    uploadedBy: 1,
  },
]

export const optOuts: OptOut[] = [
  { number: '5511999990000', source: 'stopWord', createdAt: '2026-01-13T08:00:00.000Z' },
]

export const outreachFixtures = { jobs, jobRecipients, outreachFiles, optOuts }
