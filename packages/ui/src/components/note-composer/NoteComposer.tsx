import { Button, chakra, Flex, HStack, Stack, Text } from '@chakra-ui/react'
import type { KeyboardEvent } from 'react'
import { LuLock, LuStickyNote } from 'react-icons/lu'
import { useT } from '../../internal/useT'

export interface NoteComposerProps {
  value: string
  onChange: (value: string) => void
  /** Enter or the button, with text that is not only whitespace. */
  onSubmit: (text: string) => void
  isSubmitting?: boolean
  disabled?: boolean
}

const Textarea = chakra('textarea', {
  base: {
    flex: '1',
    minWidth: '0',
    resize: 'vertical',
    minHeight: '16',
    textStyle: 'sm',
    paddingInline: '3',
    paddingBlock: '2',
    borderWidth: '1px',
    borderStyle: 'dashed',
    borderColor: 'colorPalette.muted',
    borderRadius: 'l2',
    bg: 'colorPalette.subtle',
    _placeholder: { color: 'fg.muted' },
    _focusVisible: { outline: '2px solid', outlineColor: 'colorPalette.focusRing', outlineOffset: '-1px' },
  },
})

/** Where an agent writes a private note: in the note's colours, saying that the customer never sees it. */
export function NoteComposer({ value, onChange, onSubmit, isSubmitting, disabled }: NoteComposerProps) {
  const t = useT()
  const ready = value.trim() !== '' && !disabled && !isSubmitting
  const submit = () => {
    if (ready) onSubmit(value)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault()
      submit()
    }
  }
  return (
    <Stack gap="1.5" colorPalette="yellow" padding="3" borderTopWidth="1px">
      <HStack gap="1.5" textStyle="xs" color="colorPalette.fg">
        <LuLock aria-hidden />
        <Text>{t('note.label')}</Text>
      </HStack>
      <Flex gap="2" alignItems="flex-end">
        <Textarea
          rows={2}
          value={value}
          disabled={disabled}
          aria-label={t('note.note')}
          placeholder={t('note.placeholder')}
          onChange={(e) => onChange(e.currentTarget.value)}
          onKeyDown={onKeyDown}
        />
        <Button size="sm" colorPalette="yellow" onClick={submit} disabled={!ready} loading={isSubmitting}>
          <LuStickyNote aria-hidden />
          {t('note.add')}
        </Button>
      </Flex>
    </Stack>
  )
}
