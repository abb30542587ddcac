import { Box, Stack, Text } from '@chakra-ui/react'
import { type MessageTemplate, renderTemplate, type TemplateValues } from '@desk/api-client/contract'
import { useT } from '../../../internal/useT'

/** The template as the customer will see it: header, body, footer and buttons in a message bubble. */
export function TemplatePreview({ template, values }: { template: MessageTemplate; values: TemplateValues }) {
  const t = useT()
  const shown = renderTemplate(template, values)
  return (
    <Stack gap="1" aria-label={t('templates.picker.preview')} role="group">
      <Text fontSize="xs" color="fg.muted">
        {t('templates.picker.preview')}
      </Text>
      <Box bg="bg.muted" borderRadius="l2" px="3" py="2" maxW="md" whiteSpace="pre-wrap">
        {shown.header?.text && (
          <Text fontWeight="semibold" mb="1">
            {shown.header.text}
          </Text>
        )}
        {shown.header && !shown.header.text && (
          <Text fontSize="sm" color="fg.muted" mb="1">
            {t('templates.picker.mediaHeader', { name: shown.header.format.toLowerCase() })}
          </Text>
        )}
        <Text>{shown.body}</Text>
        {shown.footer && (
          <Text fontSize="xs" color="fg.muted" mt="1">
            {shown.footer}
          </Text>
        )}
        {shown.buttons.map((button) => (
          <Text key={button.text} mt="2" textAlign="center" color="colorPalette.fg" fontSize="sm">
            {button.text}
          </Text>
        ))}
      </Box>
    </Stack>
  )
}
