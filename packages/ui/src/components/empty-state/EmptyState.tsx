import { EmptyState as ChakraEmptyState, VStack } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuInbox } from 'react-icons/lu'
import { useT } from '../../internal/useT'

export interface EmptyStateProps {
  /** Defaults to "Nothing here yet". */
  title?: ReactNode
  description?: ReactNode
  /** Defaults to an inbox. */
  icon?: ReactNode
  /** Actions under the text, e.g. an "Add" button. */
  children?: ReactNode
}

export function EmptyState({ title, description, icon, children }: EmptyStateProps) {
  const t = useT()
  return (
    <ChakraEmptyState.Root size="md">
      <ChakraEmptyState.Content>
        <ChakraEmptyState.Indicator aria-hidden>{icon ?? <LuInbox />}</ChakraEmptyState.Indicator>
        <VStack textAlign="center">
          <ChakraEmptyState.Title as="h2">{title ?? t('common.nothingHere')}</ChakraEmptyState.Title>
          {description && <ChakraEmptyState.Description>{description}</ChakraEmptyState.Description>}
        </VStack>
        {children}
      </ChakraEmptyState.Content>
    </ChakraEmptyState.Root>
  )
}
