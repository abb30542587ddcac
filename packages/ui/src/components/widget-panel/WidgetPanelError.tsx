import { Button, Center, Stack, Text } from '@chakra-ui/react'
import { LuRotateCw, LuTriangleAlert } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { type UiError, useErrorText } from '../error-message/useErrorText'

export interface WidgetPanelErrorProps {
  /** What failed, shown as the translation of its code (`ERR_WIDGET_TOKEN_EXPIRED` …). */
  error: UiError
  /** Tries again; without it no Retry button. */
  onRetry?: () => void
  isRetrying?: boolean
}

/** The chat could not open (or lost its session): the translated reason and Retry. */
export function WidgetPanelError({ error, onRetry, isRetrying }: WidgetPanelErrorProps) {
  const t = useT()
  const errorText = useErrorText()
  return (
    <Stack
      role="alert"
      flex="1"
      minHeight="0"
      gap="3"
      padding="6"
      justifyContent="center"
      alignItems="center"
      bg="bg.subtle"
    >
      <Center boxSize="12" borderRadius="full" bg="bg.muted" color="fg.error">
        <LuTriangleAlert aria-hidden size="24" />
      </Center>
      <Text as="h3" textStyle="md" fontWeight="semibold" textAlign="center">
        {t('widget.error.title')}
      </Text>
      <Text textStyle="sm" color="fg.muted" textAlign="center">
        {errorText(error)}
      </Text>
      {onRetry && (
        <Button size="sm" variant="outline" colorPalette="gray" onClick={onRetry} loading={isRetrying}>
          <LuRotateCw aria-hidden />
          {t('common.retry')}
        </Button>
      )}
    </Stack>
  )
}
