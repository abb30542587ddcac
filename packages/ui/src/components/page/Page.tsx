import { Flex, Heading, HStack, Stack } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface PageContainerProps {
  children: ReactNode
  /** Defaults to the full width of the main area. */
  maxWidth?: string
}

/** Padding and vertical rhythm for a page inside the app shell. */
export function PageContainer({ children, maxWidth = '6xl' }: PageContainerProps) {
  return (
    <Stack gap="4" padding={{ base: '3', sm: '6' }} width="full" maxWidth={maxWidth} marginInline="auto">
      {children}
    </Stack>
  )
}

export interface PageHeaderProps {
  title: ReactNode
  /** Buttons or inputs shown at the end of the header (they wrap below the title on small screens). */
  actions?: ReactNode
}

export function PageHeader({ title, actions }: PageHeaderProps) {
  return (
    <Flex gap="3" alignItems="center" justifyContent="space-between" wrap="wrap">
      <Heading as="h1" textStyle="2xl">
        {title}
      </Heading>
      {actions && (
        <HStack gap="2" wrap="wrap">
          {actions}
        </HStack>
      )}
    </Flex>
  )
}
