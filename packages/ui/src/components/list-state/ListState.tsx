import { Box, Flex, Spinner, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { useT } from '../../internal/useT'
import type { UiError } from '../error-message/useErrorText'
import { LoadError } from './LoadError'

export interface ListStateProps {
  /** How many rows are loaded. */
  count: number
  /** A load (the first, a next page or a retry) is on its way. */
  isLoading?: boolean
  /** The last load failed. */
  error?: UiError | null
  /** Loads again (the SWR hook's `reload`/`mutate`). */
  onRetry?: () => void
  /** What a first load shows; a spinner by default. */
  loading?: ReactNode
  /** The children draw their own skeleton rows: a first load shows them instead of `loading`. */
  skeletonRows?: boolean
  /** What a successful load with no rows shows (an `EmptyState`). */
  empty: ReactNode
  /** The rows. */
  children?: ReactNode
}

/**
 * The three states every list has besides its rows, never two at once: loading, empty and error
 * (with Retry). Rows already on screen stay when a later load fails: the error then shows as one
 * line under them, which is also where a failed next page of an infinite list asks for a retry.
 */
export function ListState(props: ListStateProps) {
  const { count, isLoading, error, onRetry, loading, skeletonRows, empty, children } = props
  if (count > 0)
    return (
      <>
        {children}
        {error && (
          <Box padding="2">
            <LoadError variant="inline" error={error} onRetry={onRetry} isRetrying={isLoading} />
          </Box>
        )}
      </>
    )
  if (error) return <LoadError error={error} onRetry={onRetry} isRetrying={isLoading} />
  if (isLoading) return <>{skeletonRows ? children : (loading ?? <ListLoading />)}</>
  return <>{empty}</>
}

/** A centred spinner with "Loading…", for lists without skeleton rows. */
export function ListLoading() {
  const t = useT()
  return (
    <Flex role="status" aria-busy justify="center" align="center" gap="2" padding="6" color="fg.muted">
      <Spinner size="sm" />
      <Text textStyle="sm">{t('common.loading')}</Text>
    </Flex>
  )
}
