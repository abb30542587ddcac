import { Box, Button, chakra, HStack, Stack, Text } from '@chakra-ui/react'
import type { ReactNode } from 'react'
import { LuCopy } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

interface CodeBlockProps {
  /** Names the block (its heading, and the Copy button's accessible name). */
  title: string
  hint?: ReactNode
  code: string
  /** Without it there is no Copy button. */
  onCopy?: (code: string) => void
}

/** A titled piece of code to paste elsewhere, kept as written (wrapped, never re-flowed), with Copy. */
export function CodeBlock({ title, hint, code, onCopy }: CodeBlockProps) {
  const t = useT()
  return (
    <Stack gap="1.5" as="section" aria-label={title}>
      <HStack justifyContent="space-between" gap="2">
        <Text textStyle="sm" fontWeight="medium">
          {title}
        </Text>
        {onCopy && (
          <Button
            size="xs"
            variant="outline"
            colorPalette="gray"
            aria-label={t('webChatEmbed.copyNamed', { name: title })}
            onClick={() => onCopy(code)}
          >
            <LuCopy aria-hidden />
            {t('webChatEmbed.copy')}
          </Button>
        )}
      </HStack>
      {hint && (
        <Text textStyle="xs" color="fg.muted">
          {hint}
        </Text>
      )}
      <Box bg="bg.muted" borderWidth="1px" borderRadius="l2" paddingInline="3" paddingBlock="2">
        <chakra.pre fontFamily="mono" textStyle="xs" whiteSpace="pre-wrap" wordBreak="break-all" margin="0">
          <code>{code}</code>
        </chakra.pre>
      </Box>
    </Stack>
  )
}
