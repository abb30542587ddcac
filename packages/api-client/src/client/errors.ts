import type { FieldError } from '../contract'

export interface ApiErrorInit {
  status: number
  code?: string
  message?: string
  /** The text the server itself put in its answer's `message`, if any. */
  serverMessage?: string
  fields?: FieldError[]
  /** The whole JSON body of the answer, for the fields a call documents beside the code (`ticketId`). */
  details?: Record<string, unknown>
  cause?: unknown
}

/** Code for a request that never got an answer (offline, DNS, CORS, aborted). */
export const NETWORK_ERROR = 'ERR_NETWORK'
/** Code for an answer that does not match the contract (checked outside production). */
export const INVALID_RESPONSE = 'ERR_INVALID_RESPONSE'

/**
 * The one error every call rejects with. `code` is the server's `error` field
 * (an ErrorCode such as `ERR_NO_PERMISSION`) or `ERR_NETWORK` when no answer
 * came; `fields` lists per-field validation messages of a 400.
 */
export class ApiError extends Error {
  readonly status: number
  readonly code: string | undefined
  readonly fields: FieldError[]
  /**
   * Only what the server wrote in its `message` field: what a person may be shown when the code is
   * unknown. `message` also carries diagnostics (a status line, a proxy's page) for logs.
   */
  readonly serverMessage: string | undefined
  readonly details: Readonly<Record<string, unknown>>

  constructor({ status, code, message, serverMessage, fields = [], details = {}, cause }: ApiErrorInit) {
    super(message || serverMessage || code || `HTTP ${status}`, { cause })
    this.name = 'ApiError'
    this.status = status
    this.code = code
    this.serverMessage = serverMessage
    this.fields = fields
    this.details = details
  }

  /** The message of one field, if the server named it (`error.fieldMessage('email')`). */
  fieldMessage(path: string): string | undefined {
    return this.fields.find((f) => f.path === path)?.message
  }
}

export const isApiError = (value: unknown): value is ApiError => value instanceof ApiError
