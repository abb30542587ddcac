import { Alert, Button, EmptyState, VStack } from '@chakra-ui/react'
import { LuRotateCw, LuTriangleAlert } from 'react-icons/lu'
import { useT } from '../../internal/useT'
import { type UiError, useErrorText } from '../error-message/useErrorText'

export interface LoadErrorProps {
  /** The failed load, shown as the translation of its code. */
  error: UiError
  /** Loads again; without it no Retry button is shown. */
  onRetry?: () => void
  /** The retry is on its way: the button spins. */
  isRetrying?: boolean
  /**
   * `block` takes the place of a list that has no rows; `inline` is one line under rows already
   * shown (a refresh or a next page failed) or inside a dialog's field.
   */
  variant?: 'block' | 'inline'
}

/** A list or value that could not be loaded: the translated reason and a Retry button (role="alert"). */
export function LoadError({ error, onRetry, isRetrying, variant = 'block' }: LoadErrorProps) {
  const t = useT()
  const errorText = useErrorText()
  const retry = onRetry && (
    <Button
      size={variant === 'block' ? 'sm' : 'xs'}
      variant="outline"
      colorPalette="gray"
      onClick={onRetry}
      loading={isRetrying}
      loadingText={t('common.retry')}
    >
      <LuRotateCw aria-hidden />
      {t('common.retry')}
    </Button>
  )
  if (variant === 'inline')
    return (
      <Alert.Root status="error" variant="subtle" role="alert" size="sm" alignItems="center">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Description>{errorText(error)}</Alert.Description>
        </Alert.Content>
        {retry}
      </Alert.Root>
    )
  return (
    <EmptyState.Root size="md" role="alert">
      <EmptyState.Content>
        <EmptyState.Indicator aria-hidden color="fg.error">
          <LuTriangleAlert />
        </EmptyState.Indicator>
        <VStack textAlign="center">
          <EmptyState.Title as="h2">{t('common.loadFailed')}</EmptyState.Title>
          <EmptyState.Description>{errorText(error)}</EmptyState.Description>
        </VStack>
        {retry}
      </EmptyState.Content>
    </EmptyState.Root>
  )
}
