export type { ErrorMessageProps } from './ErrorMessage'
export { ErrorMessage } from './ErrorMessage'
export type { UiError, UiFieldError } from './useErrorText'
export { useErrorText } from './useErrorText'
