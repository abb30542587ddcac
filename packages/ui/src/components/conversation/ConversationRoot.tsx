import { Flex } from '@chakra-ui/react'
import type { ReactNode } from 'react'

export interface ConversationRootProps {
  children: ReactNode
  /** Defaults to filling its parent. */
  height?: string
}

/** The frame of a conversation: header, message list and input stacked, the list taking the space left. */
export function ConversationRoot({ children, height }: ConversationRootProps) {
  return (
    <Flex direction="column" height={height ?? 'full'} minHeight="0" minWidth="0" bg="bg" borderWidth="1px">
      {children}
    </Flex>
  )
}
