import { Box, CloseButton, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import { useT } from '../../internal/useT'

export interface WidgetPanelHeaderProps {
  /** The connection's name. */
  title: string
  /** Whether an agent is online: a green dot and "Online", else a grey one and "Away". Absent shows neither. */
  online?: boolean
  /** The close button (shown when given; always on a full-screen phone panel, whose only way out it is). */
  onClose?: () => void
}

/** The panel's top bar in the host's colour: the connection's name, who is online, and Close. */
export function WidgetPanelHeader({ title, online, onClose }: WidgetPanelHeaderProps) {
  const t = useT()
  return (
    <Flex
      alignItems="center"
      gap="3"
      paddingInlineStart="4"
      paddingInlineEnd="2"
      paddingBlock="3"
      bg="colorPalette.solid"
      color="colorPalette.contrast"
      flexShrink="0"
    >
      <Stack gap="0.5" flex="1" minWidth="0">
        <Text as="h2" textStyle="md" fontWeight="semibold" truncate>
          {title}
        </Text>
        {online !== undefined && (
          <HStack gap="1.5" textStyle="xs">
            <Box
              as="span"
              aria-hidden
              boxSize="2"
              borderRadius="full"
              borderWidth="1px"
              borderColor="colorPalette.contrast"
              bg={online ? 'green.solid' : 'gray.solid'}
            />
            <Text as="span">{t(online ? 'widget.header.online' : 'widget.header.offline')}</Text>
          </HStack>
        )}
      </Stack>
      {onClose && (
        <CloseButton
          size="sm"
          variant="ghost"
          color="colorPalette.contrast"
          _hover={{ bg: 'blackAlpha.200' }}
          aria-label={t('widget.header.close')}
          onClick={onClose}
        />
      )}
    </Flex>
  )
}
