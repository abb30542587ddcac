import { Center, Stack, Text } from '@chakra-ui/react'
import { LuMessagesSquare } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

/** An empty conversation: "Send us a message". */
export function EmptyGreeting() {
  const t = useT()
  return (
    <Center height="full" padding="6">
      <Stack gap="2" alignItems="center" textAlign="center" maxWidth="64">
        <Center boxSize="12" borderRadius="full" bg="colorPalette.muted" color="colorPalette.fg">
          <LuMessagesSquare aria-hidden size="24" />
        </Center>
        <Text as="h3" textStyle="md" fontWeight="semibold">
          {t('widget.empty.title')}
        </Text>
        <Text textStyle="sm" color="fg.muted">
          {t('widget.empty.body')}
        </Text>
      </Stack>
    </Center>
  )
}
