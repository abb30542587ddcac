import { Alert, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react'
import type { FormEventHandler, ReactNode } from 'react'
import { ErrorMessage } from '../../components/error-message/ErrorMessage'
import type { UiError } from '../../components/error-message/useErrorText'

interface OutreachFormProps {
  onSubmit: FormEventHandler<HTMLFormElement>
  /** The page's notes, in one box above the fields. */
  warnings?: ReactNode[]
  /** How the notes box looks: `info` for advice (blocks of 30, the path's slashes), `warning` for a risk. */
  warningsStatus?: 'info' | 'warning'
  /** A failure that names none of the fields (the caller passes null when it landed on one). */
  error?: UiError | null
  submitLabel: string
  isSubmitting?: boolean
  /** Beside the submit button (a reset). */
  secondaryAction?: ReactNode
  /** Under the fields, above the submit button (the estimate, a notice). */
  footer?: ReactNode
  children: ReactNode
}

/** The shell of the outreach pages' forms: advice, the failure, the fields, a footer and the submit button. */
export function OutreachForm(props: OutreachFormProps) {
  const { warnings = [], warningsStatus = 'warning', isSubmitting, submitLabel } = props
  const submit = (
    <Button type="submit" loading={isSubmitting} loadingText={submitLabel}>
      {submitLabel}
    </Button>
  )
  return (
    <chakra.form noValidate onSubmit={props.onSubmit} maxWidth="3xl" width="full">
      <Stack gap="4">
        {warnings.length > 0 && (
          <Alert.Root status={warningsStatus} variant="subtle">
            <Alert.Indicator />
            <Alert.Content>
              {warnings.map((warning, index) => (
                <Text key={index}>{warning}</Text>
              ))}
            </Alert.Content>
          </Alert.Root>
        )}
        <ErrorMessage error={props.error} />
        {props.children}
        {props.footer}
        {props.secondaryAction ? (
          <HStack gap="3" wrap="wrap">
            {submit}
            {props.secondaryAction}
          </HStack>
        ) : (
          <Button type="submit" alignSelf="flex-start" loading={isSubmitting} loadingText={submitLabel}>
            {submitLabel}
          </Button>
        )}
      </Stack>
    </chakra.form>
  )
}
