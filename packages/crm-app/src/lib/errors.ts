import type { FieldError } from '@desk/api-client'
import { isApiError } from '@desk/api-client/client'

/** What the ui components need from a failure: the code (translated once, in ui) and the text. */
export const asUiError = (error: unknown): { code?: string; message?: string } =>
  isApiError(error)
    ? { code: error.code, message: error.message }
    : { message: error instanceof Error ? error.message : undefined }

/** The server's per-field messages of a 400, for the form that sent it. */
export const fieldErrorsOf = (error: unknown): FieldError[] => (isApiError(error) ? error.fields : [])
