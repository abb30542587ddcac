import { Badge, Box, Button, HStack, Input, Stack, Text } from '@chakra-ui/react'
import { useState } from 'react'
import { useT } from '../../../internal/useT'
import type { BotTestResult } from '../BotSettings'

interface BotTestConsoleProps {
  onTest: (text: string) => void
  isTesting?: boolean
  result?: BotTestResult | null
  disabled?: boolean
}

/** Sends a sample message to the bot and shows the outcome: HTTP status, latency, and the answer. */
export function BotTestConsole({ onTest, isTesting, result, disabled }: BotTestConsoleProps) {
  const t = useT()
  const [text, setText] = useState(() => t('bots.test.sample'))
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="l2" padding="3">
      <Text fontWeight="semibold">{t('bots.test.title')}</Text>
      <HStack
        as="form"
        onSubmit={(event) => {
          event.preventDefault()
          if (text.trim()) onTest(text.trim())
        }}
      >
        <Input aria-label={t('bots.test.message')} value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" variant="outline" loading={isTesting} disabled={disabled || !text.trim()}>
          {t('bots.test.send')}
        </Button>
      </HStack>
      {result && (
        <Box role="status" aria-label={t('bots.test.result')}>
          <HStack gap="2">
            <Badge colorPalette={result.ok ? 'green' : 'red'}>
              {result.ok ? t('bots.test.ok') : t('bots.test.failed')}
            </Badge>
            <Text textStyle="sm">{t('bots.test.summary', { status: result.status ?? '—', ms: result.latencyMs })}</Text>
          </HStack>
          {result.error && (
            <Text textStyle="sm" color="fg.error">
              {result.error}
            </Text>
          )}
          <Box
            as="pre"
            whiteSpace="pre-wrap"
            marginTop="2"
            padding="2"
            borderRadius="l2"
            bg="bg.muted"
            fontFamily="mono"
            textStyle="xs"
          >
            {JSON.stringify(result.replies, null, 2)}
          </Box>
        </Box>
      )}
    </Stack>
  )
}
