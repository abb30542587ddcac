import { HStack, Text } from '@chakra-ui/react'
import { LuLock } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

/** In place of the composer for a partner user who may only read (not the ticket's assignee). */
export function ReadOnlyNotice() {
  const t = useT()
  return (
    <HStack
      role="status"
      gap="2"
      borderTopWidth="1px"
      bg="bg.panel"
      paddingInline="4"
      paddingBlock="3"
      color="fg.muted"
      textStyle="sm"
      flexShrink="0"
    >
      <LuLock aria-hidden />
      <Text>{t('widget.composer.readOnly')}</Text>
    </HStack>
  )
}
