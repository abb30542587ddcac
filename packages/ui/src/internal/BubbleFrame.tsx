import { Flex, HStack, Stack, type StackProps, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuBan } from 'react-icons/lu'
import { useT } from './useT'

export interface BubbleFrameProps extends Omit<StackProps, 'children'> {
  /** The reader's own message: on the right, in the brand's colour, its corner toward the edge squared. */
  own: boolean
  /** The row's inline padding: the desk's conversation and the widget's narrower panel differ. */
  rowPadding: StackProps['paddingInline']
  children: ReactNode
}

/** The shell of a chat message, in the desk's conversation (`MessageBubble`) and in the widget (`WidgetBubble`). */
export function BubbleFrame({ own, rowPadding, children, ...rest }: BubbleFrameProps) {
  return (
    <Flex justifyContent={own ? 'flex-end' : 'flex-start'} paddingInline={rowPadding} paddingBlock="0.5">
      <Stack
        gap="1"
        bg={own ? 'colorPalette.subtle' : 'bg.muted'}
        borderWidth="1px"
        borderColor={own ? 'colorPalette.muted' : 'transparent'}
        borderRadius="l3"
        borderStartEndRadius={own ? 'l1' : undefined}
        borderStartStartRadius={own ? undefined : 'l1'}
        paddingInline="3"
        paddingBlock="2"
        data-own={own || undefined}
        {...rest}
      >
        {children}
      </Stack>
    </Flex>
  )
}

/** What a deleted message shows in place of its content. */
export function DeletedText() {
  const t = useT()
  return (
    <HStack gap="1.5" color="fg.muted" fontStyle="italic" textStyle="sm">
      <LuBan aria-hidden />
      <Text>{t('message.deleted')}</Text>
    </HStack>
  )
}
