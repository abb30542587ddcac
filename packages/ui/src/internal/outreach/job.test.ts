import {
  RECIPIENT_STATES as CONTRACT_RECIPIENT_STATES,
  type RecipientState as ContractRecipientState,
  JOB_ACTIONS,
  JOB_PAUSE_REASONS,
  type Job,
  type MailOutboxItem,
  type MailSettings,
} from '@desk/api-client/contract'
import { describe, expect, expectTypeOf, it } from 'vitest'
import type { FailedMail, SmtpSettings } from '../../components/smtp-settings-form'
import {
  type JobAction,
  jobActionAllowed,
  type OutreachJob,
  pauseReasonId,
  RECIPIENT_STATES,
  type RecipientState,
} from './job'

describe("the outreach screens speak the contract's words", () => {
  it('name every recipient state the server sends, in its order', () => {
    expect(RECIPIENT_STATES).toEqual([...CONTRACT_RECIPIENT_STATES])
    expectTypeOf<RecipientState>().toEqualTypeOf<ContractRecipientState>()
  })

  it('say why a job paused for every reason the server gives, and "Paused." for any other', () => {
    for (const reason of JOB_PAUSE_REASONS) expect(pauseReasonId(reason)).toBe(`jobs.pauseReason.${reason}`)
    expect(pauseReasonId('something-new')).toBe('jobs.pauseReason.unknown')
    expect(pauseReasonId('toString')).toBe('jobs.pauseReason.unknown')
    expect(pauseReasonId(null)).toBe('jobs.pauseReason.unknown')
  })

  it('offer the server’s job actions as buttons (moving the start is a dialog)', () => {
    const job: OutreachJob = { id: 1, kind: 'bulkText', status: 'paused', total: 2, sent: 0, failed: 0, createdAt: 'T' }
    const buttons = JOB_ACTIONS.filter((a): a is JobAction => a !== 'reschedule')
    expect(buttons.filter((a) => jobActionAllowed(job, a))).toEqual(['resume', 'cancel'])
    expectTypeOf<JobAction>().toEqualTypeOf<Exclude<(typeof JOB_ACTIONS)[number], 'reschedule'>>()
  })

  it('show a job, the SMTP settings and a failed mail as the contract has them', () => {
    expectTypeOf<Job>().toExtend<OutreachJob>()
    expectTypeOf<SmtpSettings>().toEqualTypeOf<MailSettings>()
    expectTypeOf<MailOutboxItem>().toExtend<FailedMail>()
  })
})
