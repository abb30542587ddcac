import { Button, HStack } from '@chakra-ui/react'
import { LuLock, LuReply } from 'react-icons/lu'
import { useT } from '../../internal/useT'

export type ComposerMode = 'reply' | 'note'

export interface ComposerModeSwitchProps {
  value: ComposerMode
  onChange: (mode: ComposerMode) => void
}

/** Above a conversation's input: a reply to the customer, or a private note for the desk. */
export function ComposerModeSwitch({ value, onChange }: ComposerModeSwitchProps) {
  const t = useT()
  const option = (mode: ComposerMode) => (
    <Button
      size="xs"
      variant={value === mode ? 'subtle' : 'ghost'}
      colorPalette={mode === 'note' ? 'yellow' : 'brand'}
      aria-pressed={value === mode}
      onClick={() => onChange(mode)}
    >
      {mode === 'note' ? <LuLock aria-hidden /> : <LuReply aria-hidden />}
      {t(mode === 'note' ? 'note.note' : 'note.reply')}
    </Button>
  )
  return (
    <HStack gap="1" paddingInline="3" paddingTop="2" role="group" aria-label={t('note.modeLabel')}>
      {option('reply')}
      {option('note')}
    </HStack>
  )
}
