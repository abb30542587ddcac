import type { FieldError } from '@desk/api-client'
import { isApiError } from '@desk/api-client/client'

/**
 * What the ui components need from a failure: the code (translated once, in ui) and the text the
 * server wrote. A status line, a proxy's HTML page or a browser's "Failed to fetch" is never shown:
 * without a known code or a server text the person sees "An error occurred!".
 */
export const asUiError = (error: unknown): { code?: string; message?: string } =>
  isApiError(error) ? { code: error.code, message: error.serverMessage } : {}

/**
 * The server's per-field messages of a 400, for the form that sent it. Validation codes
 * (`validation.tooShort`) pass as they are; an error code on a field (`ERR_DUPLICATED_EMAIL`)
 * becomes the id of its translation (`errors.ERR_DUPLICATED_EMAIL`).
 */
// A pattern rather than the contract's list: /login must not load the contract for this.
const isErrorCode = (message: string) => /^ERR_[A-Z_]+$/.test(message)

export const fieldErrorsOf = (error: unknown): FieldError[] =>
  isApiError(error)
    ? error.fields.map((f) => (isErrorCode(f.message) ? { ...f, message: `errors.${f.message}` } : f))
    : []
