import type { JobKind } from '@desk/api-client'
import type { ZodType } from 'zod'
import type { MessagingDriver } from '../../../drivers/types'

/** What a kind's send gets besides the recipient: the job, its connection and that connection's driver. */
export interface KindContext {
  jobId: number
  connectionId: number
  driver: MessagingDriver
}

export interface JobRecipientTarget {
  /** `{digits}@c.us` or `{groupId}@g.us`. */
  address: string
}

/**
 * One kind of job: its payload's schema (checked when the job is read back from its row) and the
 * send of one recipient, answering the network's message id. Throwing marks the recipient failed.
 */
export interface JobKindHandler<P = unknown> {
  payload: ZodType<P>
  send(ctx: KindContext, recipient: JobRecipientTarget, payload: P): Promise<{ providerMessageId: string }>
}

export type KindRegistry = Partial<Record<JobKind, JobKindHandler>>

/** What a driver's `to` is for an address: the digits of a number, or the group's `@g.us` id. */
export const driverTarget = (address: string): string =>
  address.endsWith('@g.us') ? address : address.replace(/@c\.us$/, '')
