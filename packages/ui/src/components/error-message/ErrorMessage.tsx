import { Alert } from '@chakra-ui/react'
import { type UiError, useErrorText } from './useErrorText'

export interface ErrorMessageProps {
  /** The failure to show; nothing is rendered when it is null or undefined. */
  error: UiError | null | undefined
  /** Optional heading above the text. */
  title?: string
}

/** A translated, inline error (role="alert"). */
export function ErrorMessage({ error, title }: ErrorMessageProps) {
  const errorText = useErrorText()
  if (!error) return null
  return (
    <Alert.Root status="error" variant="subtle" role="alert">
      <Alert.Indicator />
      <Alert.Content>
        {title && <Alert.Title>{title}</Alert.Title>}
        <Alert.Description>{errorText(error)}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  )
}
