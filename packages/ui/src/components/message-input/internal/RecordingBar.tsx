import { Box, HStack, IconButton, Text } from '@chakra-ui/react'
import { LuCheck, LuX } from 'react-icons/lu'
import { useT } from '../../../internal/useT'

const mmss = (seconds: number) => {
  const whole = Math.max(0, Math.floor(seconds))
  return `${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}`
}

interface RecordingBarProps {
  seconds: number
  busy?: boolean
  onCancel?: () => void
  onSend?: () => void
}

/** While recording: cancel, the running mm:ss time, send. */
export function RecordingBar({ seconds, busy, onCancel, onSend }: RecordingBarProps) {
  const t = useT()
  return (
    <HStack flex="1" gap="3" justifyContent="flex-end" minHeight="10">
      <IconButton
        size="sm"
        variant="ghost"
        colorPalette="red"
        aria-label={t('input.cancelRecording')}
        disabled={busy}
        onClick={onCancel}
      >
        <LuX />
      </IconButton>
      <HStack gap="2">
        <Box boxSize="2.5" borderRadius="full" bg="red.solid" aria-hidden />
        <Text textStyle="sm" color="fg.muted">
          {t('input.recording')}
        </Text>
        <Text as="span" role="timer" fontVariantNumeric="tabular-nums" fontWeight="medium">
          {mmss(seconds)}
        </Text>
      </HStack>
      <IconButton size="sm" aria-label={t('input.sendRecording')} loading={busy} onClick={onSend}>
        <LuCheck />
      </IconButton>
    </HStack>
  )
}
