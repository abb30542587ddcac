import type { ErrorCode } from '@desk/api-client'
import { AppError } from '../../http/errors'

/** The codes the outreach inputs answer with; every one is a 400 naming the field at fault. */
export type OutreachInputCode = Extract<ErrorCode, `ERR_OUTREACH_${string}`>

/**
 * A refused outreach input: 400 with its code, the field it came from (`url` for media by URL,
 * `path` for files in the outreach folder) and a message for logs. The job kinds record the code.
 */
export class OutreachInputError extends AppError {
  constructor(
    readonly outreachCode: OutreachInputCode,
    message: string,
    field?: string,
  ) {
    super(outreachCode, 400, field ? [{ path: field, message: outreachCode }] : undefined, message)
    this.name = 'OutreachInputError'
  }
}

export const outreachError = (code: OutreachInputCode, message: string, field?: string) =>
  new OutreachInputError(code, message, field)
