import type { JobKind, MediaType, SkipReason } from '@desk/api-client'
import type { ZodType } from 'zod'
import type { Executor } from '../../../db'
import type { MessagingDriver } from '../../../drivers/types'

/** What a kind's send gets besides the recipient: the job, its connection and that connection's driver. */
export interface KindContext {
  jobId: number
  connectionId: number
  driver: MessagingDriver
  /** The database, for kinds that read what a recipient's send needs (a contact's fields for a template). */
  db?: Executor
}

export interface JobRecipientTarget {
  /** `{digits}@c.us` or `{groupId}@g.us`. */
  address: string
  /** The list line as typed (with its columns, for a template's variables). */
  entry?: string
}

/**
 * How a kind that works on something else than a list of recipients (a history import) reports:
 * `total` once it knows how many items there are, then `item` after each one (`sent` when it
 * changed something, `skipped` when there was nothing to do). Either throws `JobStopped` when the
 * job was paused or cancelled meanwhile, which ends the run quietly.
 */
export interface RunProgress {
  total(n: number): Promise<void>
  item(outcome: 'sent' | 'skipped'): Promise<void>
}

export class JobStopped extends Error {}

/**
 * One kind of job: its payload's schema (checked when the job is read back from its row) and
 * either the send of one recipient, answering the network's message id (throwing marks the
 * recipient failed), or `run`, the whole job at once, which must be safe to run again from the
 * start after a crash. `prepare` loads, before each claim, what the sends need (throwing fails the
 * recipient with the error's code); `release` frees what the kind kept for a job once it is finished
 * (`retryable`: it finished with failed recipients, which "retry failed" may send again).
 */
export interface JobKindHandler<P = unknown> {
  payload: ZodType<P>
  /**
   * Waits the job's random interval once per recipient, before its send (group actions: 5 s plus a
   * random 0–10 s between two, seed 001 §9), rather than before and after as bulk sends do.
   */
  waitsOnlyBefore?: boolean
  /** Loads what every recipient's send needs (the job's media), before a recipient is claimed. */
  prepare?(ctx: KindContext, payload: P): Promise<void>
  send?(ctx: KindContext, recipient: JobRecipientTarget, payload: P): Promise<{ providerMessageId: string }>
  run?(ctx: KindContext, payload: P, progress: RunProgress): Promise<void>
  /**
   * Why a recipient is skipped rather than sent, checked just before its send (a free-text job on the Cloud
   * API: the customer's reply window is closed); null to send.
   */
  skip?(ctx: KindContext, recipient: JobRecipientTarget, payload: P): Promise<SkipReason | null>
  /** What the customer's conversation keeps of a sent message (none: the kind's sends are not kept). */
  conversationCopy?(
    payload: P,
    ctx: Pick<KindContext, 'jobId'> & Partial<KindContext> & { recipient?: JobRecipientTarget },
  ): CopyContent | Promise<CopyContent>
  release?(jobId: number, options?: { retryable: boolean }): Promise<void>
}

/** A sent job message as the conversation keeps it: its text (a media's caption) and the file it carried. */
export interface CopyContent {
  body: string
  mediaType: MediaType
  file?: { data: Buffer; mimeType: string; fileName: string }
}

export type KindRegistry = Partial<Record<JobKind, JobKindHandler>>

/** What a driver's `to` is for an address: the digits of a number, or the group's `@g.us` id. */
export const driverTarget = (address: string): string =>
  address.endsWith('@g.us') ? address : address.replace(/@c\.us$/, '')
